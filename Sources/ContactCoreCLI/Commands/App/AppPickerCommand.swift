import ArgumentParser
import ContactCore

/// `contactcore app picker`: the app presents the access picker; the person's choices are scripted.
struct AppPickerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "picker",
        abstract: "The app presents the contact access picker; the person adds and removes contacts.",
        discussion: """
            Only a limited app can present it. The app learns only the contacts newly shared, \
            never the ones removed; they are printed, then the app's access.

            Example:
              contactcore app picker demo.db --app com.example.chat \\
                --add-named Acme --remove-named John
            """
    )

    @OptionGroup var device: DeviceArgument
    @OptionGroup var app: AppOptions

    @Option(help: ArgumentHelp("The person adds this contact (repeatable).", valueName: "id"))
    var add: [String] = []

    @Option(help: ArgumentHelp("The person adds every contact whose name matches (repeatable).", valueName: "name"))
    var addNamed: [String] = []

    @Option(help: ArgumentHelp("The person removes this contact (repeatable).", valueName: "id"))
    var remove: [String] = []

    @Option(help: ArgumentHelp("The person removes every contact whose name matches (repeatable).", valueName: "name"))
    var removeNamed: [String] = []

    @Option(help: "Output: table or json.")
    var format: DataFormat = .table

    func run() throws {
        try DeviceFile.writing(self.device.path) { device in
            try Apps.requireKnown(app.app, on: device, path: self.device.path)
            let selection = AccessPickerSelection(
                adding: try PersonChoice.resolve(identifiers: add, names: addNamed, on: device),
                removing: try PersonChoice.resolve(identifiers: remove, names: removeNamed, on: device))
            device.setPickerResponder { presentation in presentation.kind == .accessPicker ? selection : AccessPickerSelection() }
            let store = device.store(for: app.configuration())
            let shown = store.authorizationStatus == .limited
            let granted = try store.presentContactAccessPicker()
            switch format {
            case .json:
                Output.write(JSON.object(["pickerShown": .bool(shown), "newlyGranted": .array(granted.map(JSON.string)),
                                          "app": AppOutput.json(app.app, on: device)]).text)
            case .table:
                var lines: [String]
                if !shown {
                    lines = ["No picker: only a limited app can present it; \(app.app) is \(store.authorizationStatus)."]
                } else if granted.isEmpty {
                    lines = ["The app learns nothing: no contact was newly shared."]
                } else {
                    lines = ["The app learns \(granted.count) newly shared contact\(granted.count == 1 ? "" : "s"):"]
                        + AppOutput.contacts(granted, on: device)
                }
                Output.lines(lines + [""] + AppOutput.detail(app.app, on: device))
            }
        }
    }
}
