/// Prints a ``Program`` as the Swift test it amounts to: paste it into the test target and it
/// fails until the bug is fixed. Without a failure, the test of a scenario that passes.
package enum Printer {
    /// `backEnd`: the one the program failed on, named in the call when it is not memory
    /// (its `static let`, such as `.sqlite` of ContactCoreTestingSQLite), or `runOn`: the Swift
    /// that makes it (a back end with a failing disk), with `note` a comment saying what it is.
    /// `target`: the one whose check the test calls; `FuzzSearchMatching` checks its rule
    /// functions before the run.
    package static func test(_ program: Program, name: String, failure: Failure?, backEnd: String = "memory",
                             runOn: String? = nil, note: String? = nil, target: FuzzTarget? = nil) -> String {
        var lines = ["@Test func \(name)() {", "    // \(comment(failure))"] + (note.map { ["    // \($0)"] } ?? []) + ["    var program = Program()"]
        lines.append("    program.sortOrder = .\(program.sortOrder)")
        if !program.people.isEmpty { lines.append("    program.people = \(program.people)") }
        if program.checksInvariants { lines.append("    program.checksInvariants = true") }
        if program.device != DeviceSetup() {
            let device = program.device
            lines.append("    program.device = DeviceSetup(identity: \(device.identity), historyLimit: \(optional(device.historyLimit)), "
                + "hasAccounts: \(device.hasAccounts), hasGroups: \(device.hasGroups)" + (device.crowd == 0 ? ")" : ", crowd: \(device.crowd))"))
        }
        if !program.reopensAfter.isEmpty { lines.append("    program.reopensAfter = \(program.reopensAfter.sorted())") }
        if program.initialStatus.contains(where: { $0 != .notDetermined }) {
            lines.append("    program.initialStatus = [\(program.initialStatus.map(literal).joined(separator: ", "))]")
        }
        lines.append("    program.operations = [")
        lines += program.operations.enumerated().map { "        \(literal($1)),  // \($0 + 1)" }
        let on = runOn.map { ", on: \($0)" } ?? (backEnd == BackEnd.memory.name ? "" : ", on: .\(backEnd.lowercased())")
        let run = target == .searchMatching ? "FuzzTarget.searchMatching.run(program\(on))" : "Runner.run(program\(on))"
        lines.append("    ]")
        if let parallel = program.parallel {
            lines.append("    program.parallel = Parallel(branches: [")
            for branch in parallel.branches {
                lines.append("        [")
                lines += branch.map { "            \(literal($0))," }
                lines.append("        ],")
            }
            lines.append("    ], suffix: [")
            lines += parallel.suffix.map { "        \(literal($0))," }
            lines.append(parallel.pool.map { "    ], pool: \($0))" } ?? "    ])")
            // A race shows in some runs only: the test reruns it.
            lines += ["    for run in 1...1_000 {", "        let failure = \(run)", "        #expect(failure == nil, \"run \\(run)\")",
                      "        if failure != nil { break }", "    }", "}"]
            return lines.joined(separator: "\n")
        }
        lines += ["    #expect(\(run) == nil)", "}"]
        return lines.joined(separator: "\n")
    }

    /// A FuzzVCard input as a test: the vCard file it stands for (``VCardText``), each line
    /// shown with its line end (`␍␊`, `␊`, `␍`), then the input's bytes, so that a file that is
    /// not UTF-8 replays exactly.
    package static func vCardTest(_ bytes: [UInt8], name: String, failure: Failure?, check: String = "VCardCheck") -> String {
        let input = VCardText.input(bytes)
        var lines = ["@Test func \(name)() {", "    // \(comment(failure))"]
        lines.append("    // The file (limits \(input.smallLimits ? "small" : "usual"), export \(input.exportVersion.rawValue)"
            + (input.keys.map { ", keys \($0.map(\.rawValue).joined(separator: " "))" } ?? "") + "):")
        var line = ""
        var index = 0
        let file = input.file
        while index < file.count {
            // The line ends SPEC 12 reads: CR LF, CR CR LF, CR, LF.
            let end = file[index...].starts(with: [13, 10]) ? "␍␊" : file[index...].starts(with: [13, 13, 10]) ? "␍␍␊"
                : file[index] == 13 ? "␍" : file[index] == 10 ? "␊" : nil
            guard let end else {
                let start = index
                while index < file.count, file[index] != 13, file[index] != 10 { index += 1 }
                line += String(decoding: file[start..<index], as: UTF8.self)
                continue
            }
            lines.append("    //   " + printable(Substring(line + end)))
            line = ""
            index += end.unicodeScalars.count
        }
        if !line.isEmpty { lines.append("    //   " + printable(Substring(line))) }
        lines.append("    let input: [UInt8] = [")
        lines += stride(from: 0, to: bytes.count, by: 16).map { start in
            "        " + bytes[start..<min(start + 16, bytes.count)].map { "0x" + hex($0) + "," }.joined(separator: " ")
        }
        lines += ["    ]", "    #expect(\(check).check(input) == nil)", "}"]
        return lines.joined(separator: "\n")
    }

    /// The failure as the test's opening comment; a detail of several lines stays a comment.
    private static func comment(_ failure: Failure?) -> String {
        guard let failure else { return "Passes every rule." }
        return "\(failure.rule) at operation \(failure.step): "
            + failure.detail.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(printable)
            .joined(separator: "\n    // ")
    }

    /// A line of a comment: control characters (the carriage return of CRLF among them) escaped.
    private static func printable(_ line: Substring) -> String {
        line.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control && scalar != "\t" ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
    }

    static func literal(_ setup: Program.Setup) -> String {
        switch setup {
        case .limited(let n): ".limited(\(n))"
        default: ".\(setup)"
        }
    }

    static func literal(_ op: Op) -> String {
        switch op {
        case .request(let app, let answer): ".request(app: \(app), answer: \(answer.map(literal) ?? "nil"))"
        case .settings(let app, let setting): ".settings(app: \(app), \(literal(setting)))"
        case .restrict(let app, let flag): ".restrict(app: \(app), \(flag))"
        case .save(let app, let author, let steps): ".save(app: \(app), author: \(author), steps: [\(steps.map(literal).joined(separator: ", "))])"
        case .editFetched(let app, let ref, let keys, let person):
            ".editFetched(app: \(app), \(literal(ref)), keys: Keys(bits: \(keys.bits)), givenPerson: \(person))"
        case .fetch(let app, let query, let keys, let sort): ".fetch(app: \(app), \(literal(query)), keys: Keys(bits: \(keys.bits)), sort: .\(sort))"
        case .fetchOne(let app, let ref, let keys): ".fetchOne(app: \(app), \(literal(ref)), keys: Keys(bits: \(keys.bits)))"
        case .history(let app, let token, let author, let groups):
            ".history(app: \(app), token: \(literal(token)), excludeAuthor: \(author.map(String.init) ?? "nil"), includeGroups: \(groups))"
        case .accessPicker(let app, let adding, let removing): ".accessPicker(app: \(app), adding: \(list(adding)), removing: \(list(removing)))"
        case .button(let app, let tap):
            ".button(app: \(app), Tap(query: \(literal(tap.query)), ignoredEmail: \(optional(tap.ignoredEmail)), "
                + "ignoredPhone: \(optional(tap.ignoredPhone)), foreground: \(tap.foreground), validated: \(tap.validated), picks: \(tap.picks)"
                + (tap.look == 0 ? "" : ", look: \(tap.look)") + (tap.colors.map { ", colors: \(literal($0))" } ?? "") + "))"
        case .contactPicker(let app, let chosen, let keys): ".contactPicker(app: \(app), chosen: \(list(chosen)), keys: Keys(bits: \(keys.bits)))"
        }
    }

    static func literal(_ colors: ButtonColors) -> String {
        func rgb(_ c: RGB) -> String { "RGB(\(c.red), \(c.green), \(c.blue))" }
        return "ButtonColors(foreground: \(rgb(colors.foreground)), tint: \(rgb(colors.tint)), background: \(rgb(colors.background)))"
    }

    static func literal(_ answer: Answer) -> String {
        if case .limited(let refs) = answer { return ".limited(\(list(refs)))" }
        return ".\(answer)"
    }

    static func literal(_ setting: Setting) -> String {
        switch setting {
        case .full, .deny: ".\(setting)"
        case .limited(let refs): ".limited(\(list(refs)))"
        case .edit(let adding, let removing): ".edit(adding: \(list(adding)), removing: \(list(removing)))"
        }
    }

    static func literal(_ ref: Ref) -> String { ".\(ref)" }
    static func list(_ refs: [Ref]) -> String { "[\(refs.map(literal).joined(separator: ", "))]" }
    static func optional(_ value: Int?) -> String { value.map(String.init) ?? "nil" }

    static func literal(_ ref: GroupRef) -> String { ".\(ref)" }

    static func literal(_ step: Step) -> String {
        switch step {
        case .add(let draft): ".add(\(literal(draft)))"
        case .addTo(let container, let draft): ".addTo(.\(container), \(literal(draft)))"
        case .update(let ref, let draft): ".update(\(literal(ref)), \(literal(draft)))"
        case .delete(let ref): ".delete(\(literal(ref)))"
        case .addGroup(let name): ".addGroup(name: \(literal(name)))"
        case .addGroupTo(let container, let name): ".addGroupTo(.\(container), name: \(literal(name)))"
        case .deleteGroup(let ref): ".deleteGroup(\(literal(ref)))"
        case .addMember(let ref, let group): ".addMember(\(literal(ref)), \(literal(group)))"
        case .removeMember(let ref, let group): ".removeMember(\(literal(ref)), \(literal(group)))"
        case .addSubgroup(let group, let parent): ".addSubgroup(\(literal(group)), \(literal(parent)))"
        case .removeSubgroup(let group, let parent): ".removeSubgroup(\(literal(group)), \(literal(parent)))"
        case .renameGroup(let group, let name): ".renameGroup(\(literal(group)), name: \(literal(name)))"
        }
    }

    static func literal(_ draft: Draft) -> String {
        var parts = ["person: \(draft.person)"]
        if draft.organization != 0 { parts.append("organization: \(draft.organization)") }
        if let phone = draft.phone { parts.append("phone: \(phone)") }
        if let email = draft.email { parts.append("email: \(email)") }
        if !draft.note.isEmpty { parts.append("note: \(literal(draft.note))") }
        if let date = draft.birthday {
            let calendar = date.calendar == "gregorian" ? "" : "calendar: \(literal(date.calendar)), "
            parts.append("birthday: ContactDate(\(calendar)\(date.year.map { "year: \($0), " } ?? "")month: \(date.month), day: \(date.day))")
        }
        if draft.more != More() { parts.append("more: \(literal(draft.more))") }
        return "Draft(\(parts.joined(separator: ", ")))"
    }

    static func literal(_ more: More) -> String {
        func list(_ values: [Labeled]) -> String {
            let literals = values.map { "Labeled(\($0.value), label: \($0.label)\($0.raw.map { ", raw: \(literal($0))" } ?? ""))" }
            return "[\(literals.joined(separator: ", "))]"
        }
        var parts: [String] = []
        if more.names != 0 { parts.append("names: \(more.names)") }
        if !more.phones.isEmpty { parts.append("phones: \(list(more.phones))") }
        if !more.emails.isEmpty { parts.append("emails: \(list(more.emails))") }
        if more.isOrganization { parts.append("isOrganization: true") }
        if more.details != 0 { parts.append("details: \(more.details)") }
        if let code = more.countryCode { parts.append("countryCode: \(literal(code))") }
        return "More(\(parts.joined(separator: ", ")))"
    }

    static func literal(_ query: Query) -> String {
        switch query {
        case .all: ".all"
        case .identifiers(let refs): ".identifiers(\(list(refs)))"
        case .name(let text): ".name(\(literal(text)))"
        case .phone(let n): ".phone(\(n))"
        case .email(let n): ".email(\(n))"
        case .group(let ref): ".group(\(literal(ref)))"
        case .container(let ref): ".container(.\(ref))"
        }
    }

    /// A Swift string literal of `text`: every scalar a source line would not hold as it is (a
    /// control, a format character, a line or paragraph separator, a space other than U+0020)
    /// written as `\u{…}`, so that a query of U+2028 or NEL prints as a test that compiles.
    package static func literal(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch (scalar, scalar.properties.generalCategory) {
            case ("\\", _): literal += "\\\\"
            case ("\"", _): literal += "\\\""
            case (" ", _): literal += " "
            case (_, .control), (_, .format), (_, .lineSeparator), (_, .paragraphSeparator), (_, .spaceSeparator),
                 (_, .privateUse), (_, .surrogate), (_, .unassigned),
                 // A mark right after the opening quote would combine with it.
                 (_, .nonspacingMark) where literal == "\"", (_, .enclosingMark) where literal == "\"",
                 (_, .spacingMark) where literal == "\"":
                literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    static func literal(_ text: QueryText) -> String {
        // Each token as a string literal: an array of descriptions would print their quotes too.
        "QueryText(text: \(literal(text.text)), tokens: [\(text.tokens.map(literal).joined(separator: ", "))])"
    }

    static func literal(_ token: TokenPick) -> String {
        switch token {
        case .none, .limitedAccess: ".\(token)"
        case .seen(let n): ".seen(\(n))"
        case .foreign(let bytes): ".foreign(\(bytes))"
        case .otherDevice(let n): ".otherDevice(\(n))"
        case .atCommit(let n): ".atCommit(\(n))"
        case .damaged(let n, let index, let mask): ".damaged(\(n), index: \(index), mask: \(mask))"
        }
    }
}
