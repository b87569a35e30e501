import ArgumentParser
import ContactCore

/// `contactcore search`: the contacts one predicate selects.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find contacts by name, phone, email, group or identifiers, as the person or an app.",
        discussion: """
            Exactly one predicate, as Apple's: --name matches as the person types (every word a \
            prefix of a name), --phone the same digits or the same trailing seven or more, \
            --email the whole address without regard to case, --group the members of a group \
            (identifier or name), --identifier the contacts named. An app finds only what it sees.

            Examples:
              contactcore search demo.db --name "john app"
              contactcore search demo.db --app com.example.chat --phone "408 555 0100" \\
                --format json
            """
    )

    @OptionGroup var device: DeviceArgument
    @OptionGroup var reader: ReaderOptions

    @Option(help: "Contacts whose name matches, as the person types it.")
    var name: String?

    @Option(help: "Contacts with this phone number.")
    var phone: String?

    @Option(help: "Contacts with this email address.")
    var email: String?

    @Option(help: ArgumentHelp("Members of this group (identifier or name).", valueName: "group"))
    var group: String?

    @Option(help: ArgumentHelp("The contacts with these identifiers (repeatable).", valueName: "id"))
    var identifier: [String] = []

    @OptionGroup var fetch: FetchOptions

    func validate() throws {
        let given = [name != nil, phone != nil, email != nil, group != nil, !identifier.isEmpty].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError("Give exactly one of --name, --phone, --email, --group or --identifier.")
        }
    }

    func run() throws {
        try DeviceFile.reading(self.device.path) { device in
            let reader = try self.reader.reader(on: device, path: self.device.path)
            let keys = fetch.keys(for: reader, defaults: ContactOutput.defaultKeys)
            let contacts = try reader.contacts(try predicate(for: reader), keys: keys, sortOrder: fetch.sort.sortOrder)
            ContactOutput.print(contacts, keys: keys, format: fetch.format)
        }
    }

    private func predicate(for reader: Reader) throws -> ContactPredicate {
        if let name { return .name(name) }
        if let phone { return .phoneNumber(PhoneNumber(phone)) }
        if let email { return .emailAddress(email) }
        if let group {
            let groups = try reader.groups()
            guard let found = groups.first(where: { $0.identifier == group }) ?? groups.first(where: { $0.name == group }) else {
                throw ToolError(.noSuchGroup, "No group \"\(group)\" (by identifier or name) that this reader sees.")
            }
            return .inGroup(identifier: found.identifier)
        }
        return .identifiers(identifier)
    }
}
