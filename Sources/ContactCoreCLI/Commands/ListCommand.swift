import ArgumentParser
import ContactCore

/// `contactcore list`: every contact the reader sees.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the contacts the person or an app sees.",
        discussion: """
            An app (--app) sees nothing before access is granted, its chosen contacts under \
            limited access, everything under full access: a contact it may not see is not there.

            Examples:
              contactcore list demo.db
              contactcore list demo.db --app com.example.chat --keys givenName,phoneNumbers \\
                --format json
            """
    )

    @OptionGroup var device: DeviceArgument
    @OptionGroup var reader: ReaderOptions
    @OptionGroup var fetch: FetchOptions

    func run() throws {
        try DeviceFile.reading(self.device.path) { device in
            let reader = try self.reader.reader(on: device, path: self.device.path)
            let keys = fetch.keys(for: reader, defaults: ContactOutput.defaultKeys)
            ContactOutput.print(try reader.contacts(nil, keys: keys, sortOrder: fetch.sort.sortOrder), keys: keys, format: fetch.format)
        }
    }
}
