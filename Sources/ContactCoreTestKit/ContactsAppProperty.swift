import ContactCore
import ContactCoreTesting
import Testing

/// Runs a ``ContactsAppUnderTest`` through random behaviour of the person and other apps,
/// and turns its first failure into a short Swift Testing test.
///
/// Each run is a program of ContactCore's harness language (up to 16 actions: Settings
/// between every status and P, restrictions, prompts, saves and deletes by other apps, the
/// access picker and button), run on a device checked against the reference model. Runs are
/// drawn from a seed, so a run that fails today fails the same way tomorrow.
public enum ContactsAppProperty {
    /// Runs `count` programs; records an issue with the failure, made small, as a test to paste.
    ///
    /// A failure can also be ContactCore's own (a SPEC rule): the issue says which.
    public static func check<App: ContactsAppUnderTest>(
        _ app: App.Type, count: Int = 200, seed: UInt64 = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let failure = firstFailure(app, count: count, seed: seed) {
            Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
        }
    }

    /// The first failure of `count` programs drawn from `seed`, made small, or `nil`.
    public static func firstFailure<App: ContactsAppUnderTest>(_ app: App.Type, count: Int = 200, seed: UInt64 = 1)
        -> ContactsAppFailure? {
        var generator = SeededGenerator(seed: seed)
        for run in 1...max(count, 1) {
            let input = AppDriver.randomInput(&generator)
            if var failure = failure(app, input: input) {
                failure.run = run
                return failure
            }
        }
        return nil
    }

    /// Replays an input a printed test holds; records an issue if it still fails.
    public static func replay<App: ContactsAppUnderTest>(
        _ app: App.Type, _ input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let failure = run(app, input) {
            Issue.record(Comment(rawValue: "\(failure.rule) at operation \(failure.step): \(failure.detail)"),
                         sourceLocation: sourceLocation)
        }
    }

    /// One input's failure, made small and printed, or `nil`.
    public static func failure<App: ContactsAppUnderTest>(_ app: App.Type, input: [UInt8]) -> ContactsAppFailure? {
        guard let (failure, reduced) = AppDriver.explain(input, check: { run(app, $0) }) else { return nil }
        let name = String(describing: App.self)
        let test = AppDriver.test(reduced, name: "regression", failure: failure,
                                  replay: "ContactsAppProperty.replay(\(name).self, ")
        return ContactsAppFailure(rule: failure.rule, operation: failure.step, detail: failure.detail, input: reduced,
                                  test: test)
    }

    /// libFuzzer's entry, the whole of a fuzz target's `main.swift` but its declaration:
    /// traps on a failure after printing it as a test.
    ///
    /// ```swift
    /// @_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafeRawPointer?, _ size: Int) -> CInt { ContactsAppProperty.fuzz(MyApp.self, data, size) }
    /// ```
    public static func fuzz<App: ContactsAppUnderTest>(_ app: App.Type, _ data: UnsafeRawPointer?, _ size: Int) -> CInt {
        let input = data.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
        guard run(app, input) != nil, let failure = failure(app, input: input) else { return 0 }
        fatalError("\(failure)")
    }

    private static func run<App: ContactsAppUnderTest>(_: App.Type, _ bytes: [UInt8]) -> Failure? {
        var app: App?
        return AppDriver.run(AppDriver.program(bytes), keys: App.keysToFetch, turn: { changes, granted, store in
            let isLaunch = app == nil
            var current = app ?? App()
            defer { app = current }
            do {
                try current.step(AppTurn(changes: changes, granted: granted, isLaunch: isLaunch), store: store)
                return nil
            } catch {
                return "step threw \(error)"
            }
        }, check: { sight in
            do throws(ContactsAppViolation) {
                try app?.check(AppView(status: sight.status, permitted: sight.permitted, contacts: sight.contacts))
                return nil
            } catch {
                return error.description
            }
        })
    }
}

/// The first failure of an app, made small.
public struct ContactsAppFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// "the app's invariant", "the app's step", "the app's step only reads", or the SPEC rule
    /// ContactCore itself broke.
    public let rule: String
    /// The action after which it broke, from 1; 0 for the launch turn and the final check.
    public let operation: Int
    public let detail: String
    /// The reduced input: ``ContactsAppProperty/replay(_:_:sourceLocation:)`` runs it.
    public let input: [UInt8]
    /// A Swift Testing test that replays the failure, with the actions as comments.
    public let test: String
    /// Which run of ``ContactsAppProperty/firstFailure(_:count:seed:)`` failed first.
    public internal(set) var run = 1

    public var description: String {
        "run \(run) breaks \(rule) at operation \(operation): \(detail)\n\nReplay it:\n\n\(test)"
    }
}
