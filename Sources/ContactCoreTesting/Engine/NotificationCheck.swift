import ContactCore
import Dispatch
import Synchronization

/// SPEC 10 on a finished run: each app received exactly the notifications the model says
/// its commits owed it — one per commit that changed something the app could see, in
/// commit order, with the commit's author and origin — and nothing about what it could not
/// see.
///
/// Notifications are read from each store's `changes()` stream, opened before the first
/// step. The streams end when the device is released, so they are read after the run; an
/// app's list is compared whole, which also checks the order. (That each is posted only
/// once its change is readable is not observable this way: the store posts under the same
/// lock as the commit.)
struct NotificationCheck: Sendable {
    let streams: [AsyncStream<ContactStoreChange>]
    let expected: [[ReferenceModel.Notice]]
    let appNames: [String]
    let printer: ProgramPrinter

    /// Reads every stream to its end, on the calling thread: the device is gone, so each
    /// stream has ended and holds its notifications, and reading never waits. `nil` if a
    /// stream has not ended (something kept the device alive).
    func received() -> [[ContactStoreChange]]? {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            let lists = Mutex<[[ContactStoreChange]]?>(nil)
            let streams = streams
            // Runs on this thread up to its first suspension, which an ended stream never causes.
            _ = Task.immediate {
                lists.withLock { $0 = [] }
                for stream in streams {
                    var list: [ContactStoreChange] = []
                    for await change in stream { list.append(change) }
                    lists.withLock { $0?.append(list) }
                }
            }
            return lists.withLock { $0?.count == streams.count ? $0 : nil }
        }
        return receivedOnAnotherTask()
    }

    /// The fallback before `Task.immediate` (Apple platforms before 26): a detached task read
    /// by waiting on a semaphore, so for plain threads (libFuzzer's) only.
    private func receivedOnAnotherTask() -> [[ContactStoreChange]]? {
        let box = Mutex<[[ContactStoreChange]]?>(nil)
        let done = DispatchSemaphore(value: 0)
        let streams = streams
        Task.detached {
            var lists: [[ContactStoreChange]] = []
            for stream in streams {
                var list: [ContactStoreChange] = []
                for await change in stream { list.append(change) }
                lists.append(list)
            }
            box.withLock { $0 = lists }
            done.signal()
        }
        guard done.wait(timeout: .now() + .seconds(10)) == .success else { return nil }
        return box.withLock { $0 }
    }

    /// The first app whose notifications differ from the model's.
    func check(_ received: [[ContactStoreChange]]?) -> Violation? {
        guard let received, received.count == expected.count else {
            return Violation(rule: "notifications", detail: "the notification streams did not end once the device was released", check: [])
        }
        for app in expected.indices {
            let got = received[app].map { ($0.transactionAuthor, $0.isFromCurrentStore) }
            let want = expected[app].map { ($0.author, $0.fromApp == app) }
            guard !got.elementsEqual(want, by: ==) else { continue }
            return Violation(
                rule: "notifications (exactly one per commit the app could see, in commit order)",
                detail: "\(appNames[app]) should have received \(describe(want)), it received \(describe(got))",
                check: [
                    "// Observe with `let changes = \(appNames[app]).changes()` before the first step; once the device and its",
                    "// stores are released, `for await change in changes` must yield (transactionAuthor, isFromCurrentStore):",
                    "//   expected: \(describe(want))",
                    "//   received: \(describe(got))",
                ])
        }
        return nil
    }

    func failure(_ violation: Violation, step: Int) -> ScenarioFailure {
        ScenarioFailure(rule: violation.rule, step: step, detail: violation.detail,
                        program: printer.program(title: "Breaks \(violation.rule): \(violation.detail)", failingCheck: violation.check))
    }

    private func describe(_ notices: [(String?, Bool)]) -> String {
        "\(notices.count) [" + notices.map { "(\($0.0.map(ProgramPrinter.literal) ?? "nil"), \($0.1))" }.joined(separator: ", ") + "]"
    }
}

extension ScenarioRun {
    /// What the notifications of this run must be; the run's device goes when the run does.
    func notificationCheck() -> NotificationCheck {
        NotificationCheck(streams: observations, expected: model.notices, appNames: appNames, printer: printer)
    }
}
