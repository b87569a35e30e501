import ArgumentParser
import ContactCore

/// `contactcore app settings`: the person changes the app's access in Settings.
struct AppSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Change the app's access as the person does in Settings.",
        discussion: """
            Either set the access (--access full, denied, or limited with the chosen contacts), \
            or edit a limited app's contacts (--add, --add-named, --remove, --remove-named). \
            Denying clears what the app could see. A restricted app cannot be changed here.

            Examples:
              contactcore app settings demo.db --app com.example.chat --add-named Acme
              contactcore app settings demo.db --app com.example.chat --access denied
            """
    )

    @OptionGroup var device: DeviceArgument
    @OptionGroup var app: AppOptions

    @Option(help: "The new access: full, limited (with --contact / --contact-named) or denied.")
    var access: AccessChoice?

    @OptionGroup var choice: ContactChoiceOptions

    @Option(help: ArgumentHelp("Share this contact with a limited app (repeatable).", valueName: "id"))
    var add: [String] = []

    @Option(help: ArgumentHelp("Share every contact whose name matches (repeatable).", valueName: "name"))
    var addNamed: [String] = []

    @Option(help: ArgumentHelp("Stop sharing this contact (repeatable).", valueName: "id"))
    var remove: [String] = []

    @Option(help: ArgumentHelp("Stop sharing every contact whose name matches (repeatable).", valueName: "name"))
    var removeNamed: [String] = []

    @Option(help: "Output: table or json.")
    var format: DataFormat = .table

    enum AccessChoice: String, CaseIterable, ExpressibleByArgument {
        case full, limited, denied
    }

    private var edits: Bool { !(add.isEmpty && addNamed.isEmpty && remove.isEmpty && removeNamed.isEmpty) }

    func validate() throws {
        guard (access != nil) != edits else {
            throw ValidationError("Give either --access or edits of a limited app's contacts (--add, --remove, …), not both.")
        }
        if access != .limited, !choice.isEmpty {
            throw ValidationError("Contacts are chosen only with --access limited.")
        }
    }

    func run() throws {
        try DeviceFile.writing(self.device.path) { device in
            try Apps.requireKnown(app.app, on: device, path: self.device.path)
            let change: SettingsChange
            switch access {
            case .full: change = .allowFull
            case .denied: change = .deny
            case .limited:
                change = .allowLimited(Set(try PersonChoice.resolve(identifiers: choice.contact, names: choice.contactNamed, on: device)))
            case nil:
                change = .editPermittedSet(
                    adding: Set(try PersonChoice.resolve(identifiers: add, names: addNamed, on: device)),
                    removing: Set(try PersonChoice.resolve(identifiers: remove, names: removeNamed, on: device)))
            }
            try device.applySettings(change, to: app.app)
            switch format {
            case .json: Output.write(AppOutput.json(app.app, on: device).text)
            case .table: Output.lines(AppOutput.detail(app.app, on: device))
            }
        }
    }
}
