import ArgumentParser
import ContactCore

/// `contactcore app request`: the app asks for access; the person's answer is scripted.
struct AppRequestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "The app requests access; the person answers deny, full, or limited with chosen contacts.",
        discussion: """
            Only an app that was never asked sees the prompt; later requests report the status \
            and change nothing, as on iOS. This is how an app first appears on the device.

            Examples:
              contactcore app request demo.db --app com.example.chat \\
                --answer limited --contact-named John
              contactcore app request demo.db --app com.example.crm --answer full
            """
    )

    @OptionGroup var device: DeviceArgument
    @OptionGroup var app: AppOptions

    @Option(help: "The person's answer: deny, full, or limited (with --contact / --contact-named).")
    var answer: AnswerChoice

    @OptionGroup var choice: ContactChoiceOptions

    @Option(help: "The app's usage description, shown in the prompt.")
    var usage: String?

    @Option(help: "Output: table or json.")
    var format: DataFormat = .table

    enum AnswerChoice: String, CaseIterable, ExpressibleByArgument {
        case deny, full, limited
    }

    func validate() throws {
        if answer != .limited, !choice.isEmpty {
            throw ValidationError("Contacts are chosen only with --answer limited.")
        }
    }

    func run() throws {
        try DeviceFile.writing(self.device.path) { device in
            let chosen = try PersonChoice.resolve(identifiers: choice.contact, names: choice.contactNamed, on: device)
            let store = device.store(for: app.configuration(usage: usage))
            let prompted = store.authorizationStatus == .notDetermined
            let answer: AccessAnswer = switch self.answer {
            case .deny: .deny
            case .full: .allowFull
            case .limited: .allowLimited(Set(chosen))
            }
            device.setPromptResponder { _ in answer }
            try store.requestAccess()
            switch format {
            case .json:
                Output.write(AppOutput.json(app.app, on: device, adding: ["prompted": .bool(prompted)]).text)
            case .table:
                let status = store.authorizationStatus
                Output.lines([prompted ? "The person answered \(self.answer)." : "No prompt: \(app.app) is \(status) already.", ""]
                    + AppOutput.detail(app.app, on: device))
            }
        }
    }
}
