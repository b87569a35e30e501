import ArgumentParser
import ContactCore

/// `contactcore app status`: Settings' list of apps, or one app's access.
struct AppStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every app's access, or one app's with the contacts it may see.",
        discussion: """
            Statuses are Apple's: notDetermined, restricted, denied, limited, authorized.

            Examples:
              contactcore app status demo.db
              contactcore app status demo.db --app com.example.chat --format json
            """
    )

    @OptionGroup var device: DeviceArgument

    @Option(help: ArgumentHelp("Only this app (bundle identifier).", valueName: "bundle-id"))
    var app: String?

    @Option(help: "Output: table or json.")
    var format: DataFormat = .table

    func run() throws {
        try DeviceFile.reading(self.device.path) { device in
            if let app {
                try Apps.requireKnown(app, on: device, path: self.device.path)
                switch format {
                case .json: Output.write(AppOutput.json(app, on: device).text)
                case .table: Output.lines(AppOutput.detail(app, on: device))
                }
                return
            }
            let apps = device.knownBundleIdentifiers
            switch format {
            case .json: Output.write(JSON.array(apps.map { AppOutput.json($0, on: device) }).text)
            case .table: Output.lines(AppOutput.table(apps, on: device))
            }
        }
    }
}
