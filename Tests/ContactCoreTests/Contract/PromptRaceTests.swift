import ContactCore
import Foundation
import Testing

/// SPEC 3: later requests never prompt again, however many arrive at once; SPEC 8: a tap acts
/// on one snapshot, so a concurrent change of status never turns an approval into a decline.
/// Run under ThreadSanitizer by the nightly job.
@Suite struct PromptRaceTests {
    static let app = AppConfiguration(bundleIdentifier: "com.example.chat", usageDescription: "Find friends")

    /// Prompts shown, behind a pthread lock (ThreadSanitizer cannot see `Mutex`'s futex).
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    /// A slow person, so that concurrent callers overlap while the prompt is up.
    static func person(_ answer: AccessAnswer, counting prompts: Counter) -> PromptResponder {
        { _ in
            prompts.increment()
            Thread.sleep(forTimeInterval: 0.002)
            return answer
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func manyFirstRequestsPromptOnce() async throws {
        let device = ContactDevice(seed: 3, identity: 3)
        let prompts = Counter()
        device.setPromptResponder(Self.person(.allowFull, counting: prompts))
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask { (try? device.store(for: Self.app).requestAccess()) ?? false }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(prompts.count == 1)
        #expect(results.allSatisfy { $0 })
        #expect(device.authorizationStatus(for: Self.app.bundleIdentifier) == .authorized)
    }

    @Test(.timeLimit(.minutes(1)))
    func concurrentTapsAndRequestsPromptOnceAndLoseNoApproval() async throws {
        let device = ContactDevice(seed: 3, identity: 3)
        let owner = AppConfiguration(bundleIdentifier: "com.example.owner", usageDescription: "Owner")
        try device.applySettings(.allowFull, to: owner.bundleIdentifier)
        var request = SaveRequest()
        let names = (0..<16).map { "Person\($0)x" }
        for name in names {
            var contact = MutableContact()
            contact.givenName = name
            request.add(contact)
        }
        try device.store(for: owner).execute(request)
        let prompts = Counter()
        device.setPromptResponder(Self.person(.allowLimited([]), counting: prompts))
        let placement = ContactAccessButton.Placement(frame: .init(x: 0, y: 0, width: 400, height: 80))
        let outcomes = await withTaskGroup(of: ContactAccessButton.TapOutcome?.self) { group in
            for name in names {
                group.addTask {
                    device.tapContactAccessButton(ContactAccessButton(queryString: name), in: device.store(for: Self.app),
                                                  placement: placement, event: .validatedTouch)
                }
                group.addTask {
                    _ = try? device.store(for: Self.app).requestAccess()
                    return nil
                }
            }
            return await group.reduce(into: [ContactAccessButton.TapOutcome]()) { if let outcome = $1 { $0.append(outcome) } }
        }
        #expect(prompts.count == 1, "one prompt, whichever path came first")
        let approved = outcomes.flatMap { outcome -> [String] in if case .approved(let ids) = outcome { ids } else { [] } }
        #expect(approved.count == names.count, "every tap's single match was approved: \(outcomes)")
        #expect(device.permittedIdentifiers(for: Self.app.bundleIdentifier) == Set(approved))
    }
}
