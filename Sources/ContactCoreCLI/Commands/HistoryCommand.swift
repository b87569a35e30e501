import ArgumentParser
import ContactCore
import Foundation

/// `contactcore history`: an app's change history since a token, and the token to keep.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print what changed for an app since a history token, and the new token.",
        discussion: """
            Without --since, or with a token of another device, from a commit the history no \
            longer reaches, or when the app is limited, the answer is a full sync: drop \
            everything, then every contact the app sees. Keep the printed token (base64) and \
            pass it to the next call. A token that is not base64 of a token a device writes is \
            an error.

            Example:
              contactcore history demo.db --app com.example.crm --format json
              contactcore history demo.db --app com.example.crm --since "$TOKEN"
            """
    )

    @OptionGroup var device: DeviceArgument
    @OptionGroup var app: AppOptions

    @Option(help: ArgumentHelp("The token a previous call printed (base64).", valueName: "token"))
    var since: String?

    @Flag(help: "Include changes of groups, memberships and subgroups.")
    var includeGroups = false

    @Option(help: ArgumentHelp("Leave out what only this transaction author changed (repeatable).", valueName: "author"))
    var excludeAuthor: [String] = []

    @Option(help: ArgumentHelp("Keys the changed contacts carry, comma-separated, or `all`.", valueName: "keys"),
            transform: KeyList.init(argument:))
    var keys: KeyList?

    @Option(help: "Output: table or json.")
    var format: DataFormat = .table

    func run() throws {
        let token = try since.map(Self.token)
        try DeviceFile.reading(self.device.path) { device in
            try Apps.requireKnown(app.app, on: device, path: self.device.path)
            let store = device.store(for: app.configuration())
            let contactKeys: [ContactKey] = switch keys {
            case nil: [.givenName, .familyName, .organizationName]
            case .all: Reader.app(store).readableKeys
            case .named(let keys): keys
            }
            let history = try store.changeHistory(for: ChangeHistoryFetchRequest(
                startingToken: token, includeGroupChanges: includeGroups, excludedTransactionAuthors: excludeAuthor,
                additionalContactKeys: contactKeys))
            switch format {
            case .json: Output.write(HistoryOutput.json(history).text)
            case .table: Output.lines(HistoryOutput.table(history))
            }
        }
    }

    /// The token `text` stands for.
    ///
    /// - Throws: ``ToolError/Code/malformedToken`` for text that is not base64 or bytes no
    ///   device writes. (The library answers such bytes with a full sync, as it must for an
    ///   app's stored token; on a command line they are a typing or copying mistake.)
    static func token(_ text: String) throws(ToolError) -> HistoryToken {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ToolError(.malformedToken, "The history token \"\(text.prefix(64))\" is not base64.")
        }
        let token = HistoryToken(bytes: data)
        guard token.position != nil else {
            throw ToolError(.malformedToken, "The history token \"\(text.prefix(64))\" is not one a device writes (damaged or cut short).")
        }
        return token
    }
}
