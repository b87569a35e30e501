import ContactCore

/// Runs a ``Program`` on the ``Runner`` with an app's own code taking a turn after every
/// operation: the engine of ContactCoreTestKit, which wraps it in public API.
///
/// The program is the person and the other apps; the app under test is ``app``. Its writes
/// are left to its own code (the driver drops the program's saves by it), and its access
/// picker only adds, as Apple's does. After each turn the app's reads must have changed
/// nothing but a prompt, and its invariant is asked against ``Sight``, taken from the model.
package enum AppDriver {
    /// `com.example.chat`: a usage description, no notes entitlement.
    package static let app = 1

    /// What the person and the other apps do, weighted to what moves an app's view: Settings,
    /// saves, pickers, the button, prompts, restrictions, edits of fetched contacts.
    package static let profile = Profile(kinds: [.settings, .settings, .settings, .save, .save, .save, .accessPicker,
                                                 .accessPicker, .button, .request, .request, .restrict, .editFetched])

    /// What the app may see after a turn.
    package struct Sight: Sendable {
        package var status: AuthorizationStatus
        package var permitted: Set<String>
        /// Visible contacts, fetched with the app's keys.
        package var contacts: [String: Contact]
    }

    /// The rule of a failure the app's code made, as the reducer keeps it.
    package static let invariantRule = "the app's invariant"
    package static let stepRule = "the app's step"
    package static let readOnlyRule = "the app's step only reads"

    /// `bytes` as the program the app runs against.
    package static func program(_ bytes: [UInt8]) -> Program {
        var program = Decoder.decode(bytes, profile: profile).program.oneAtATime
        program.checksInvariants = false
        program.operations = program.operations.compactMap { operation in
            switch operation {
            case .save(app, _, _), .editFetched(app, _, _, _): nil
            case .accessPicker(app, let adding, _): .accessPicker(app: app, adding: adding, removing: [])
            default: operation
            }
        }
        return program
    }

    /// The first failure: the app's (``invariantRule``, ``stepRule``, ``readOnlyRule``) or
    /// the library's (a SPEC rule, as ``Runner/run(_:on:)`` reports it).
    ///
    /// - Parameters:
    ///   - turn: the app's turn with the notifications its store received since its last turn
    ///     and the identifiers its picker or button just granted; returns a thrown error's text.
    ///   - check: the app's invariant against what it may see; returns the violation.
    package static func run(
        _ program: Program, keys: [ContactKey],
        turn: (_ changes: [ContactStoreChange], _ granted: [String], _ store: ContactStore) -> String?,
        check: (Sight) -> String?
    ) -> Failure? {
        let keys = keys.filter { $0 != .note || Cast.apps[app].hasNotesEntitlement }
        do {
            var runner = try Runner(startOf: program)
            var heard = runner.inbox.withLock { $0[app].count }
            try runner.appTurn(granted: [], heard: &heard, keys: keys, turn: turn, check: check)
            for operation in program.operations {
                runner.step += 1
                let before = runner.model.apps[app].permitted
                try runner.perform(operation)
                let granted: [String] = switch operation {
                case .accessPicker(app, _, _), .button(app, _):
                    runner.model.contacts.map(\.id).filter { runner.model.apps[app].permitted.contains($0) && !before.contains($0) }
                default: []
                }
                try runner.appTurn(granted: granted, heard: &heard, keys: keys, turn: turn, check: check)
            }
            runner.step = 0
            try runner.sweep(checkingInvariants: false)
        } catch {
            return error
        }
        return nil
    }

    /// A failing input made small: whole operations dropped while the same rule breaks, then
    /// printed as a test whose last line, `replay`, replays the reduced bytes.
    package static func explain(_ bytes: [UInt8], check: ([UInt8]) -> Failure?) -> (failure: Failure, reduced: [UInt8])? {
        guard let first = check(bytes) else { return nil }
        let reduced = Reducer.reduce(bytes, profile: profile, rule: first.rule, check: check)
        return (check(reduced) ?? first, reduced)
    }

    /// The reduced program as a Swift Testing test: its operations as comments (the language
    /// is the package's own), then `replay`, the start of the call that runs the bytes (up to its array).
    package static func test(_ bytes: [UInt8], name: String, failure: Failure, replay: String) -> String {
        let program = program(bytes)
        var lines = ["@Test func \(name)() {",
                     "    // \(failure.rule) at operation \(failure.step): \(failure.detail.split(whereSeparator: \.isNewline).joined(separator: " "))"]
        let statuses = program.initialStatus.map(Printer.literal).joined(separator: ", ")
        let people = program.people.count == 1 ? "1 contact" : "\(program.people.count) contacts"
        lines.append("    // The person has \(people); apps 0, 1 (yours), 2 start [\(statuses)].")
        lines += program.operations.enumerated().map { "    // \($0 + 1). \(Printer.literal($1))" }
        let hex = bytes.map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(2) }
        lines.append("    \(replay)[")
        lines += stride(from: 0, to: hex.count, by: 12).map { "        " + hex[$0..<min($0 + 12, hex.count)].joined(separator: ", ") + "," }
        lines += ["    ])", "}"]
        return lines.joined(separator: "\n")
    }

    /// A program's bytes from a seed: the format's header (no device invariants) and up to
    /// ``Decoder/maximumOperations`` records of random bytes.
    package static func randomInput(_ generator: inout some RandomNumberGenerator) -> [UInt8] {
        // Half the runs on format version 4: a device of either history identity, a history
        // short enough that the app's token expires, accounts' containers, the person's groups.
        let onDevice = Bool.random(using: &generator)
        var bytes: [UInt8] = [onDevice ? Decoder.deviceVersion : Decoder.version, UInt8.random(in: 0...0x3F, using: &generator),
                              .random(in: 0...255, using: &generator)]
        if onDevice { bytes.append(.random(in: 0...255, using: &generator)) }
        for _ in 0..<Int.random(in: 1...Decoder.maximumOperations, using: &generator) {
            let length = Int.random(in: 2...20, using: &generator)
            bytes.append(UInt8(length))
            bytes += (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        return bytes
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension Runner {
    /// The app's turn, then what it may see checked against its invariant.
    fileprivate mutating func appTurn(
        granted: [String], heard: inout Int, keys: [ContactKey],
        turn: (_ changes: [ContactStoreChange], _ granted: [String], _ store: ContactStore) -> String?,
        check: (AppDriver.Sight) -> String?
    ) throws(Failure) {
        let app = AppDriver.app
        let changes = inbox.withLock { Array($0[app][heard...]) }
        let firstCommit = model.commits.count
        let counts = inbox.withLock { $0.map(\.count) }
        let writes = device.recordWrites
        if let error = turn(changes, granted, stores[app]) { throw fail(AppDriver.stepRule, error) }
        // A read from notDetermined shows the prompt (SPEC 3): the model answers it too.
        if model.apps[app].status == .notDetermined,
           device.authorizationStatus(for: Cast.apps[app].bundleIdentifier) != .notDetermined {
            _ = model.requestAccess(app)
        }
        // A commit of the app's own store tells its store so; a prompt's is the person's.
        let committed = inbox.withLock { $0[app][counts[app]...].contains(where: \.isFromCurrentStore) }
        if committed || (model.commits.count == firstCommit && device.recordWrites != writes) {
            throw fail(AppDriver.readOnlyRule, "the app's step wrote to the store; the kit's apps read, and the person writes")
        }
        try checkAccess()
        try checkNotifications(since: firstCommit, heard: counts)
        heard = inbox.withLock { $0[app].count }
        let visible = model.visibleContacts(to: app).map(\.id)
        let contacts: [Contact]
        do {
            contacts = try stores[Cast.apps.count - 1].unifiedContacts(matching: .identifiers(visible), keysToFetch: keys, sortOrder: .none)
        } catch {
            throw fail("SPEC 4 visibility", "the setup app could not read app \(app)'s visible contacts: \(error)")
        }
        let sight = AppDriver.Sight(status: model.apps[app].status, permitted: model.apps[app].permitted,
                                    contacts: Dictionary(contacts.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a }))
        if let violation = check(sight) { throw fail(AppDriver.invariantRule, violation) }
    }
}
