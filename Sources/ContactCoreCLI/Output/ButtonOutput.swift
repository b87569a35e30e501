import ContactCore

/// The access button as the person sees it, and what the app's callback receives for a tap.
enum ButtonOutput {
    static func json(_ view: ContactAccessButtonView) -> JSON {
        let content = switch view.content {
        case .hidden: "hidden"
        case .noMatch: "noMatch"
        case .single: "single"
        case .list: "list"
        }
        return .object([
            "content": .string(content),
            "rows": .array(view.rows.map { row in
                .object(["identifier": .string(row.identifier), "name": .string(row.name), "caption": .optional(row.caption)])
            }),
            "legibilityProblems": .array(view.legibilityProblems.map { .string("\($0)") }),
        ])
    }

    /// What the button shows; `status` says why it is hidden, when given.
    static func table(_ view: ContactAccessButtonView, app: String, status: AuthorizationStatus?) -> [String] {
        switch view.content {
        case .hidden:
            return ["The button is hidden: it is shown only to limited and notDetermined apps"
                + (status.map { "; \(app) is \($0)." } ?? ".")]
        case .noMatch:
            return ["The button shows no match: no contact \(app) cannot already see matches."]
        case .single, .list:
            let count = view.rows.count
            var table = Table(header: ["identifier", "name", "caption"])
            table.rows = view.rows.map { [$0.identifier, $0.name, $0.caption ?? ""] }
            return ["The button shows \(count) match\(count == 1 ? "" : "es") (only the person sees them):"]
                + table.lines
        }
    }

    static func json(_ outcome: ContactAccessButton.TapOutcome) -> JSON {
        switch outcome {
        case .approved(let identifiers):
            .object(["result": .string("approved"), "identifiers": .array(identifiers.map(JSON.string)), "refusal": .null])
        case .declined:
            .object(["result": .string("declined"), "identifiers": .array([]), "refusal": .null])
        case .refused(let refusal):
            .object(["result": .string("refused"), "identifiers": .array([]), "refusal": .string(name(of: refusal))])
        }
    }

    /// The refusal's case name, as JSON gives it.
    static func name(of refusal: ContactAccessButton.Refusal) -> String {
        switch refusal {
        case .notShown: "notShown"
        case .unvalidatedEvent: "unvalidatedEvent"
        case .illegible: "illegible"
        case .promptFailed: "promptFailed"
        case .storageFailed: "storageFailed"
        }
    }

    static func sentence(for refusal: ContactAccessButton.Refusal) -> String {
        switch refusal {
        case .notShown(let status): "the button is not shown when the app is \(status)"
        case .unvalidatedEvent: "the event was not a validated touch"
        case .illegible(let problems): "the button is not legible (\(problems.map { "\($0)" }.joined(separator: ", ")))"
        case .promptFailed(let error), .storageFailed(let error): "\(error)"
        }
    }

    static func lines(_ outcome: ContactAccessButton.TapOutcome, on device: ContactDevice) -> [String] {
        switch outcome {
        case .approved(let identifiers):
            ["Tapped: the app receives \(identifiers.count) approved contact\(identifiers.count == 1 ? "" : "s"):"]
                + AppOutput.contacts(identifiers, on: device)
        case .declined:
            ["Tapped: declined (the app learns nothing more)."]
        case .refused(let refusal):
            ["Tapped: the system refused the tap: \(sentence(for: refusal))."]
        }
    }
}
