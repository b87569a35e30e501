import ArgumentParser
import ContactCore

/// `contactcore app button`: the access button in the app's search results, and the person's tap.
struct AppButtonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "button",
        abstract: "Show what the contact access button offers for a search, and tap it.",
        discussion: """
            Without --tap, prints what the person sees in the button (the app never sees it): \
            contacts matching the query that the app cannot see yet. With --tap, the person taps \
            it: one match is approved by the tap, several open a list where the person picks \
            (--choose, --choose-named, --choose-all; none picked closes the list). From \
            notDetermined the person first answers the simplified prompt (--prompt-answer). The \
            button is shown to limited and notDetermined apps only, so this works for an app \
            that never asked. The tap is a validated touch on a legible button.

            Examples:
              contactcore app button demo.db --app com.example.chat --query acme
              contactcore app button demo.db --app com.example.chat --query acme --tap
            """
    )

    @OptionGroup var device: DeviceArgument
    @OptionGroup var app: AppOptions

    @Option(help: "What the person typed into the app's search field.")
    var query: String

    @Option(help: ArgumentHelp("An address the app already shows; its contact is left out (repeatable).", valueName: "email"))
    var ignoreEmail: [String] = []

    @Option(help: ArgumentHelp("A number the app already shows; its contact is left out (repeatable).", valueName: "phone"))
    var ignorePhone: [String] = []

    @Flag(help: "The person taps the button.")
    var tap = false

    @Option(help: ArgumentHelp("In the list of several matches, the person picks this contact (repeatable).", valueName: "id"))
    var choose: [String] = []

    @Option(help: ArgumentHelp("In the list, the person picks every contact whose name matches (repeatable).", valueName: "name"))
    var chooseNamed: [String] = []

    @Flag(help: "In the list, the person picks every row.")
    var chooseAll = false

    @Option(help: "From notDetermined, the person's answer to the simplified prompt: allow or deny.")
    var promptAnswer: PromptChoice = .allow

    @Option(help: "The app's usage description, shown in the prompt.")
    var usage: String?

    @Option(help: "Output: table or json.")
    var format: DataFormat = .table

    enum PromptChoice: String, CaseIterable, ExpressibleByArgument {
        case allow, deny
    }

    func validate() throws {
        if !tap, !(choose.isEmpty && chooseNamed.isEmpty && !chooseAll) {
            throw ValidationError("The person picks contacts only when tapping; add --tap.")
        }
    }

    func run() throws {
        try (tap ? DeviceFile.writing : DeviceFile.reading)(self.device.path) { device in
            let store = device.store(for: app.configuration(usage: usage))
            let button = ContactAccessButton(queryString: query, ignoredEmails: Set(ignoreEmail), ignoredPhoneNumbers: Set(ignorePhone))
            let minimum = button.minimumSize
            let placement = ContactAccessButton.Placement(frame: ContactAccessButton.Rect(
                x: 0, y: 0, width: max(320, minimum.width), height: max(64, minimum.height)))
            let view = device.contactAccessButtonView(button, in: store, placement: placement)
            guard tap else {
                switch format {
                case .json: Output.write(ButtonOutput.json(view).text)
                case .table: Output.lines(ButtonOutput.table(view, app: app.app, status: store.authorizationStatus))
                }
                return
            }
            let chosen = try PersonChoice.resolve(identifiers: choose, names: chooseNamed, on: device)
            let answer: AccessAnswer = promptAnswer == .allow ? .allowLimited([]) : .deny
            device.setPromptResponder { _ in answer }
            let outcome = device.tapContactAccessButton(button, in: store, placement: placement, event: .validatedTouch) { rows in
                chooseAll ? rows.map(\.identifier) : chosen
            }
            if case .refused(.promptFailed(let error)) = outcome { throw error }
            if case .refused(.storageFailed(let error)) = outcome { throw error }
            switch format {
            case .json:
                Output.write(JSON.object(["view": ButtonOutput.json(view), "outcome": ButtonOutput.json(outcome),
                                          "app": AppOutput.json(app.app, on: device)]).text)
            case .table:
                Output.lines(ButtonOutput.lines(outcome, on: device) + [""] + AppOutput.detail(app.app, on: device))
            }
        }
    }
}
