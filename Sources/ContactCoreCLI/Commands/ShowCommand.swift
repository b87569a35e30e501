import ArgumentParser
import ContactCore

/// `contactcore show`: contacts by identifier, every key the reader may read.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show contacts in full, by identifier, as the person or an app.",
        discussion: """
            A contact the app may not see is reported exactly as one that does not exist \
            (ContactError 200). Without --keys, every key the reader may read.

            Example:
              contactcore show demo.db 5T7RA7GNMWTBR:P --app com.example.chat
            """
    )

    @OptionGroup var device: DeviceArgument

    @Argument(help: ArgumentHelp("Identifiers of the contacts.", valueName: "id"))
    var identifiers: [String]

    @OptionGroup var reader: ReaderOptions
    @OptionGroup var fetch: FetchOptions

    func validate() throws {
        guard !identifiers.isEmpty else { throw ValidationError("Name at least one contact identifier.") }
    }

    func run() throws {
        try DeviceFile.reading(self.device.path) { device in
            let reader = try self.reader.reader(on: device, path: self.device.path)
            let keys = fetch.keys(for: reader, defaults: reader.readableKeys)
            var contacts: [Contact] = []
            for identifier in identifiers { contacts.append(try reader.contact(identifier, keys: keys)) }
            if fetch.format == .table {
                Output.lines(ContactOutput.details(contacts, keys: keys))
            } else {
                ContactOutput.print(contacts, keys: keys, format: fetch.format)
            }
        }
    }
}
