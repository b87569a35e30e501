import Testing
@testable import ContactCore

/// A device with a few people on it and apps in every state, for example tests.
struct Fixture {
    static let usage = "Finds friends who already use the app."
    let device: ContactDevice
    /// The person's own store, with full access, used to seed contacts.
    let owner: ContactStore
    var people: [String: String] = [:]

    init(seed: UInt64 = 7, names: [(String, String)] = [("John", "Appleseed"), ("Kate", "Bell"), ("Anna", "Haro")]) throws {
        device = ContactDevice(seed: seed)
        owner = device.store(for: AppConfiguration(bundleIdentifier: "owner", usageDescription: Self.usage))
        try device.applySettings(.allowFull, to: "owner")
        var request = SaveRequest()
        let references = names.map { given, family in
            var contact = MutableContact()
            contact.givenName = given
            contact.familyName = family
            contact.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber("+1 (650) 555-12\(given.count)\(family.count)"))]
            contact.emailAddresses = [LabeledValue(label: .work, value: "\(given.lowercased())@example.com")]
            return request.add(contact)
        }
        let result = try owner.execute(request)
        for ((given, _), reference) in zip(names, references) {
            people[given] = result.identifier(for: reference)
        }
    }

    func id(_ given: String) -> String { people[given] ?? "missing-\(given)" }

    /// A store for a new app with the given standing.
    func app(
        _ bundle: String, _ change: SettingsChange? = nil, usage: String? = Fixture.usage, notes: Bool = false
    ) throws -> ContactStore {
        let store = device.store(for: AppConfiguration(bundleIdentifier: bundle, usageDescription: usage,
                                                       hasNotesEntitlement: notes))
        if let change { try device.applySettings(change, to: bundle) }
        return store
    }

    /// The owner gives the contact `identifier` a new given name, in a save of its own.
    func rename(_ identifier: String, to given: String) throws {
        var renamed = try owner.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName]).mutableCopy()
        renamed.givenName = given
        var request = SaveRequest()
        request.update(renamed)
        try owner.execute(request)
    }

    /// Everything the device holds, to prove an operation changed nothing.
    func snapshot() -> DeviceSnapshot {
        device.state.withLock { state in
            DeviceSnapshot(
                contacts: state.contacts, groups: state.groups, members: state.members,
                subgroups: state.subgroups, apps: state.apps, identifiers: state.identifiers,
                serial: state.nextSerial, historyCount: state.history.records.count,
                lastSequence: state.history.lastSequence)
        }
    }
}

struct DeviceSnapshot: Equatable {
    let contacts: StoredContacts
    let groups: [String: StoredGroup]
    let members: [String: Set<String>]
    let subgroups: [String: Set<String>]
    let apps: [String: AppRecord]
    let identifiers: IdentifierGenerator
    let serial: UInt64
    let historyCount: Int
    let lastSequence: UInt64
}

/// Runs `body` and returns the `ContactError` it threw, or `nil` if it threw nothing.
func contactError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> ContactError? {
    do {
        try body()
        return nil
    } catch let error as ContactError {
        return error
    } catch {
        Issue.record("expected a ContactError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

let nameKeys: [ContactKey] = [.givenName, .familyName]
