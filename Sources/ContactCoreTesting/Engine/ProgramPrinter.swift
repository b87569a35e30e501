import ContactCore

/// Writes the steps a scenario ran as a Swift snippet that uses only the public API, so a
/// failure reads as a short program a person can paste into a `@Test` and run.
///
/// Identifiers the store assigned become variables (`c1` for the first contact, `g1` for the
/// first group) in the order the store handed them out; steps that succeeded are written as
/// plain calls, steps that failed as `#expect(throws:)`, and the failing step as the call
/// and the expectation it breaks.
struct ProgramPrinter {
    /// Whether anything is printed. A fuzz run prints nothing (formatting strings would cost
    /// more than the checks); the runner runs a failing scenario again with printing on.
    let isEnabled: Bool
    private(set) var lines: [String] = []
    /// Printed names of identifiers, by exact bytes.
    private(set) var names: [RecordID: String] = [:]
    private var usesOracle = false
    /// Lines to print before the line at each position, added after the fact.
    private var insertions: [Int: [String]] = [:]

    init(_ scenario: Scenario, isEnabled: Bool = true) {
        self.isEnabled = isEnabled
        guard isEnabled else { return }
        lines.append("let device = ContactDevice(seed: \(scenario.deviceSeed), defaultSortOrder: .\(scenario.defaultSortOrder))")
        for (index, app) in scenario.apps.enumerated() {
            var arguments = "bundleIdentifier: \(Self.literal(app.bundleIdentifier)), "
                + "usageDescription: \(app.usageDescription.map(Self.literal) ?? "nil")"
            if app.hasNotesEntitlement { arguments += ", hasNotesEntitlement: true" }
            lines.append("let \(Self.variableNames(for: scenario.apps)[index]) = device.store(for: AppConfiguration(\(arguments)))")
        }
    }

    mutating func add(_ line: @autoclosure () -> String) {
        if isEnabled { lines.append(line()) }
    }

    mutating func add(contentsOf more: @autoclosure () -> [String]) {
        if isEnabled { lines += more() }
    }

    /// How many lines there are: a position for ``insert(_:at:)`` later.
    var position: Int { lines.count }

    /// Prints `line` where the program stood at `position`, as if it had been added then.
    mutating func insert(_ line: String, at position: Int) {
        if isEnabled { insertions[position, default: []].append(line) }
    }

    /// `setup`, then `call` inside `#expect(throws:)`, commented with the error expected.
    mutating func addThrowing(_ setup: [String] = [], _ call: @autoclosure () -> String, expected: Observation) {
        guard isEnabled else { return }
        lines += setup + ["#expect(throws: ContactError.self) { _ = \(call()) }  // \(describe(expected))"]
    }

    mutating func name(_ identifier: String, as name: @autoclosure () -> String) {
        if isEnabled { names[RecordID(identifier)] = name() }
    }

    /// The printed form of an identifier: its variable if it has one, else a literal.
    func code(_ identifier: RecordID) -> String { names[identifier] ?? identifier.description }

    func code(_ identifiers: [RecordID]) -> String { "[" + identifiers.map(code).joined(separator: ", ") + "]" }

    /// Declares the full-access app that name and phone searches are compared with.
    mutating func declareOracle(bundleIdentifier: String) {
        guard isEnabled, !usesOracle else { return }
        usesOracle = true
        lines.append("let searcher = device.store(for: AppConfiguration(bundleIdentifier: \(Self.literal(bundleIdentifier)), "
            + "usageDescription: \"Search\", hasNotesEntitlement: true))")
        lines.append("try device.applySettings(.allowFull, to: \(Self.literal(bundleIdentifier)))")
    }

    /// The whole program, ending with the check that failed. Stores of apps that no line
    /// uses are left out (Settings name apps by bundle identifier).
    func program(title: String, failingCheck: [String]) -> String {
        var body: [String] = []
        for (index, line) in lines.enumerated() {
            body += (insertions[index] ?? []) + [line]
        }
        body += (insertions[lines.count] ?? []) + failingCheck
        let used = body.filter { !$0.contains("= device.store(for:") }
        body.removeAll { line in
            guard line.hasPrefix("let "), line.contains("= device.store(for:"),
                  let name = line.dropFirst(4).split(separator: " ").first else { return false }
            return !used.contains { Self.mentions($0, String(name)) }
        }
        return "// \(title)\n// Paste into a @Test func (import ContactCore, import Testing); public API only.\n"
            + body.map { $0 + "\n" }.joined()
    }

    /// Whether `line` uses the variable `name` (not merely a longer name containing it).
    private static func mentions(_ line: String, _ name: String) -> Bool {
        var rest = Substring(line)
        while let range = rest.range(of: name) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let isPart = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isPart(before) && !isPart(after) { return true }
            rest = line[range.upperBound...]
        }
        return false
    }

    // MARK: Rendering values

    /// Variables for the apps' stores: the last part of each bundle identifier (`app1` for
    /// `com.example.app1`), `contactsApp` for the person's Contacts app.
    static func variableNames(for apps: [AppConfiguration]) -> [String] {
        var names: [String] = []
        for (index, app) in apps.enumerated() {
            var name = app.bundleIdentifier == Scenario.contactsApp.bundleIdentifier ? "contactsApp"
                : String(app.bundleIdentifier.split(separator: ".").last ?? "").filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
            name = name.prefix(1).lowercased() + name.dropFirst()
            if name.isEmpty || name.first?.isNumber == true || names.contains(name) || ["device", "searcher"].contains(name) {
                name = "app\(index + 1)"
            }
            names.append(name)
        }
        return names
    }

    /// A Swift string literal, escaping what would not survive a paste: quotes, backslashes,
    /// controls, combining marks, and anything outside printable ASCII.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        if text.utf8.count > 64, Set(text.unicodeScalars).count == 1, let only = text.unicodeScalars.first {
            return "String(repeating: \(literal(String(only))), count: \(text.unicodeScalars.count))"
        }
        return result + "\""
    }

    static func keys(_ keys: [ContactKey]) -> String { "[" + keys.map { ".\($0.rawValue)" }.joined(separator: ", ") + "]" }

    static func sortOrder(_ order: SortOrder) -> String { ".\(order)" }

    static func status(_ status: AuthorizationStatus) -> String { ".\(status)" }

    /// Statements that build `name` as a new `MutableContact` holding `draft`.
    static func mutableContact(_ name: String, _ draft: ContactDraft) -> [String] {
        var lines = ["var \(name) = MutableContact(\(draft.contactType == .person ? "" : "contactType: .organization"))"]
        if !draft.givenName.isEmpty { lines.append("\(name).givenName = \(literal(draft.givenName))") }
        if !draft.familyName.isEmpty { lines.append("\(name).familyName = \(literal(draft.familyName))") }
        if !draft.organizationName.isEmpty { lines.append("\(name).organizationName = \(literal(draft.organizationName))") }
        if !draft.phoneNumbers.isEmpty {
            let values = draft.phoneNumbers.map { "LabeledValue(label: \(label($0.label)), value: PhoneNumber(\(literal($0.value))))" }
            lines.append("\(name).phoneNumbers = [\(values.joined(separator: ", "))]")
        }
        if !draft.emailAddresses.isEmpty {
            let values = draft.emailAddresses.map { "LabeledValue(label: \(label($0.label)), value: \(literal($0.value)))" }
            lines.append("\(name).emailAddresses = [\(values.joined(separator: ", "))]")
        }
        if !draft.note.isEmpty { lines.append("\(name).note = \(literal(draft.note))") }
        if let birthday = draft.birthday {
            let year = birthday.year.map { "year: \($0), " } ?? ""
            lines.append("\(name).birthday = ContactDate(\(year)month: \(birthday.month), day: \(birthday.day))")
        }
        return lines
    }

    private static func label(_ label: ContactLabel?) -> String {
        guard let label else { return "nil" }
        switch label {
        case .home: return ".home"
        case .mobile: return ".mobile"
        case .work: return ".work"
        default: return ".custom(\(literal(label.rawValue)))"
        }
    }

    /// A result as a comment reads it, identifiers by their variable names.
    func describe(_ observation: Observation) -> String {
        switch observation {
        case .contact(let contact): return "contact " + describe(contact)
        case .contacts(let contacts): return "\(contacts.count) contact(s) " + "[" + contacts.map(describe).joined(separator: ", ") + "]"
        case .granted(let granted): return "returns \(granted)"
        case .identifiers(let identifiers): return "returns \(code(identifiers))"
        case .groups(let groups): return "groups [" + groups.map { "\(code($0.identifier)) \($0.name)" }.joined(separator: ", ") + "]"
        case .containers(let containers): return "containers \(code(containers))"
        case .saved: return "saves"
        case .done: return "succeeds"
        case .failed(let error): return "throws " + describe(error)
        case .refused(let reason): return "grants nothing: \(reason)"
        case .then(let first, let second): return describe(first) + ", then " + describe(second)
        }
    }

    func describe(_ error: ErrorSnapshot) -> String {
        var text = ".\(error.code)"
        if !error.identifiers.isEmpty { text += " \(code(error.identifiers))" }
        if !error.underlying.isEmpty { text += " (" + error.underlying.map(describe).joined(separator: "; ") + ")" }
        return text
    }

    func describe(_ contact: ContactSnapshot) -> String {
        var parts = [code(contact.identifier)]
        if contact.contactType == .organization { parts.append("organization") }
        if let value = contact.givenName, !value.utf8.isEmpty { parts.append("given \(value)") }
        if let value = contact.familyName, !value.utf8.isEmpty { parts.append("family \(value)") }
        if let value = contact.organizationName, !value.utf8.isEmpty { parts.append("org \(value)") }
        if let value = contact.phoneNumbers, !value.isEmpty { parts.append("phones \(value)") }
        if let value = contact.emailAddresses, !value.isEmpty { parts.append("emails \(value)") }
        if let value = contact.note, !value.utf8.isEmpty { parts.append("note \(value)") }
        if let value = contact.birthday, let date = value { parts.append("birthday \(date.month)/\(date.day)") }
        parts.append("keys \(Self.keys(contact.keys))")
        if !contact.misreadKeys.isEmpty { parts.append("MISREAD \(Self.keys(contact.misreadKeys))") }
        return "(" + parts.joined(separator: " ") + ")"
    }

    /// Statements that check `expected` against what `call` returns: the tail of a program.
    func expectation(call: String, expected: Observation) -> [String] {
        switch expected {
        case .failed(let error):
            return ["let error = #expect(throws: ContactError.self) { _ = \(call) }",
                    "#expect(error?.code == .\(error.code))"]
        case .contacts(let contacts):
            return ["let result = \(call)", "#expect(result.map(\\.identifier) == \(code(contacts.map(\.identifier))))"]
        case .contact(let contact):
            return ["let result = \(call)", "#expect(result.identifier == \(code(contact.identifier)))"]
        case .granted(let granted):
            return ["#expect(\(call) == \(granted))"]
        case .identifiers(let identifiers):
            return ["#expect(\(call) == \(code(identifiers)))"]
        case .groups(let groups):
            return ["#expect(\(call).map(\\.identifier) == \(code(groups.map(\.identifier))))"]
        case .containers(let containers):
            return ["#expect(\(call).map(\\.identifier) == \(code(containers)))"]
        case .saved, .done, .then, .refused:
            return ["_ = \(call)"]
        }
    }
}

/// Statements of one step, collected only when the printer prints.
struct ProgramLines {
    let isEnabled: Bool
    private(set) var lines: [String] = []

    init(_ printer: ProgramPrinter) { isEnabled = printer.isEnabled }

    mutating func add(_ line: @autoclosure () -> String) {
        if isEnabled { lines.append(line()) }
    }

    mutating func add(contentsOf more: @autoclosure () -> [String]) {
        if isEnabled { lines += more() }
    }
}
