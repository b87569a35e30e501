import Synchronization
import Testing
@testable import ContactCore

/// SPEC 3: authorization statuses, the prompt, Settings and device policy.
@Suite("SPEC 3 — authorization")
struct AuthorizationTests {
    /// Records the prompts the person saw and answers each with `answer`.
    final class Person: Sendable {
        let answer: AccessAnswer
        let prompts = Mutex<[AccessPrompt]>([])
        init(_ answer: AccessAnswer) { self.answer = answer }
        var responder: PromptResponder {
            { prompt in
                self.prompts.withLock { $0.append(prompt) }
                return self.answer
            }
        }
        var promptCount: Int { prompts.withLock { $0.count } }
    }

    @Test func everyAppStartsNotDetermined() throws {
        let fixture = try Fixture()
        let store = try fixture.app("new")
        #expect(store.authorizationStatus == .notDetermined)
        #expect(fixture.device.permittedIdentifiers(for: "new").isEmpty)
    }

    @Test func requestAccessWithoutUsageDescriptionIsATypedErrorAndNeverPrompts() throws {
        let fixture = try Fixture()
        let person = Person(.allowFull)
        fixture.device.setPromptResponder(person.responder)
        let store = try fixture.app("silent", usage: nil)
        let error = contactError { _ = try store.requestAccess() }
        #expect(error?.code == .missingUsageDescription)
        #expect(person.promptCount == 0)
        #expect(store.authorizationStatus == .notDetermined)
        #expect(contactError { _ = try store.unifiedContacts(matching: .name("J"), keysToFetch: nameKeys) }?.code
            == .missingUsageDescription)
    }

    @Test func thePromptShowsTheUsageDescription() throws {
        let fixture = try Fixture()
        let person = Person(.allowFull)
        fixture.device.setPromptResponder(person.responder)
        let store = try fixture.app("asker")
        #expect(try store.requestAccess())
        let prompt = try #require(person.prompts.withLock { $0.first })
        #expect(prompt.usageDescription == Fixture.usage)
        #expect(prompt.bundleIdentifier == "asker")
        #expect(prompt.kind == .full)
        #expect(store.authorizationStatus == .authorized)
    }

    @Test func withoutAResponderTheRequestFailsAndTheStatusStays() throws {
        let fixture = try Fixture()
        let store = try fixture.app("unanswered")
        #expect(contactError { _ = try store.requestAccess() }?.code == .authorizationDenied)
        #expect(store.authorizationStatus == .notDetermined)
    }

    @Test func denyingIsNotAnError() throws {
        let fixture = try Fixture()
        fixture.device.setPromptResponder(Person(.deny).responder)
        let store = try fixture.app("refused")
        #expect(try store.requestAccess() == false)
        #expect(store.authorizationStatus == .denied)
        #expect(contactError { _ = try store.unifiedContacts(matching: .name("J"), keysToFetch: nameKeys) }?.code
            == .authorizationDenied)
    }

    @Test func limitedAnswerSetsThePermittedSetDroppingUnknownIdentifiers() throws {
        let fixture = try Fixture()
        fixture.device.setPromptResponder(Person(.allowLimited([fixture.id("Kate"), "nonexistent"])).responder)
        let store = try fixture.app("limited")
        #expect(try store.requestAccess())
        #expect(store.authorizationStatus == .limited)
        #expect(fixture.device.permittedIdentifiers(for: "limited") == [fixture.id("Kate")])
    }

    @Test func laterRequestsNeverPromptAgain() throws {
        let fixture = try Fixture()
        let person = Person(.allowFull)
        fixture.device.setPromptResponder(person.responder)
        let store = try fixture.app("twice")
        #expect(try store.requestAccess())
        try fixture.device.applySettings(.deny, to: "twice")
        #expect(try store.requestAccess() == false)
        #expect(person.promptCount == 1)
    }

    @Test func firstReadFromNotDeterminedPrompts() throws {
        let fixture = try Fixture()
        let person = Person(.allowFull)
        fixture.device.setPromptResponder(person.responder)
        let store = try fixture.app("reader")
        let contacts = try store.unifiedContacts(matching: .name("Kate"), keysToFetch: nameKeys)
        #expect(contacts.map(\.identifier) == [fixture.id("Kate")])
        #expect(person.promptCount == 1)
        #expect(store.authorizationStatus == .authorized)
    }

    @Test func firstWriteFromNotDeterminedPrompts() throws {
        let fixture = try Fixture()
        let person = Person(.deny)
        fixture.device.setPromptResponder(person.responder)
        let store = try fixture.app("writer")
        var request = SaveRequest()
        request.add(MutableContact())
        #expect(contactError { _ = try store.execute(request) }?.code == .authorizationDenied)
        #expect(person.promptCount == 1)
        #expect(fixture.device.allContactIdentifiers.count == 3)
    }

    @Test func restrictedAppsCannotPromptReadOrBeChangedInSettings() throws {
        let fixture = try Fixture()
        let person = Person(.allowFull)
        fixture.device.setPromptResponder(person.responder)
        let store = try fixture.app("kids", .allowFull)
        try fixture.device.setRestricted(true, for: "kids")
        #expect(store.authorizationStatus == .restricted)
        #expect(try store.requestAccess() == false)
        #expect(person.promptCount == 0)
        #expect(contactError { _ = try store.groups() }?.code == .authorizationDenied)
        #expect(contactError { try fixture.device.applySettings(.allowFull, to: "kids") }?.code == .policyViolation)
        try fixture.device.setRestricted(false, for: "kids")
        #expect(store.authorizationStatus == .notDetermined)
    }

    @Test func settingsMoveBetweenStatuses() throws {
        let fixture = try Fixture()
        let store = try fixture.app("app", .allowFull)
        #expect(store.authorizationStatus == .authorized)
        try fixture.device.applySettings(.allowLimited([fixture.id("John")]), to: "app")
        #expect(store.authorizationStatus == .limited)
        #expect(fixture.device.permittedIdentifiers(for: "app") == [fixture.id("John")],
                "going from authorized to limited starts from the set the person picks")
        try fixture.device.applySettings(.editPermittedSet(adding: [fixture.id("Anna")], removing: [fixture.id("John")]), to: "app")
        #expect(fixture.device.permittedIdentifiers(for: "app") == [fixture.id("Anna")])
        try fixture.device.applySettings(.deny, to: "app")
        #expect(store.authorizationStatus == .denied)
        #expect(fixture.device.permittedIdentifiers(for: "app").isEmpty, "denied clears P")
        #expect(contactError { try fixture.device.applySettings(.editPermittedSet(adding: [], removing: []), to: "app") }?.code
            == .policyViolation)
    }

    @Test func storesOfOneAppShareItsStatus() throws {
        let fixture = try Fixture()
        let first = try fixture.app("shared", .allowLimited([fixture.id("John")]))
        let second = try fixture.app("shared")
        #expect(second.authorizationStatus == .limited)
        #expect(try second.unifiedContacts(matching: .identifiers(Array(fixture.people.values)), keysToFetch: []).count == 1)
        #expect(first.instanceIdentifier != second.instanceIdentifier)
    }
}
