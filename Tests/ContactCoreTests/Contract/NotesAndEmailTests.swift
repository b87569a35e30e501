import ContactCore
import Testing

/// SPEC 2: without the notes entitlement, no write changes the stored note, whatever the
/// request carries; SPEC 7: the store's email predicate is the whole address, the button's a prefix.
@Suite struct NotesAndEmailTests {
    static let entitled = AppConfiguration(bundleIdentifier: "com.example.notes", usageDescription: "Notes", hasNotesEntitlement: true)
    static let plain = AppConfiguration(bundleIdentifier: "com.example.plain", usageDescription: "Plain")

    static func device() throws -> (ContactDevice, ContactStore, ContactStore, String) {
        let device = ContactDevice(seed: 5)
        try device.applySettings(.allowFull, to: entitled.bundleIdentifier)
        try device.applySettings(.allowFull, to: plain.bundleIdentifier)
        let notes = device.store(for: entitled), plainStore = device.store(for: plain)
        var contact = MutableContact()
        contact.givenName = "Kate"
        contact.note = "Allergic to nuts"
        contact.emailAddresses = [LabeledValue(label: .work, value: "kate@bell.org")]
        var request = SaveRequest()
        let reference = request.add(contact)
        let identifier = try #require(try notes.execute(request).identifier(for: reference))
        return (device, notes, plainStore, identifier)
    }

    @Test func aFreshContactWithAnEmptyNoteKeepsTheStoredNote() throws {
        let (_, notes, plain, identifier) = try Self.device()
        var fresh = MutableContact()   // carries every key, the note as ""
        fresh.givenName = "Katherine"
        #expect(fresh.isKeyAvailable(.note))
        var request = SaveRequest()
        request.updateContact(.saved(identifier), with: fresh)
        try plain.execute(request)
        let read = try notes.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName, .note])
        #expect(try read.givenName == "Katherine")
        #expect(try read.note == "Allergic to nuts")
    }

    @Test func anEmptyNoteSetExplicitlyKeepsTheStoredNote() throws {
        let (_, notes, plain, identifier) = try Self.device()
        var copy = try plain.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName]).mutableCopy()
        copy.note = ""
        var request = SaveRequest()
        request.update(copy)
        try plain.execute(request)
        #expect(try notes.unifiedContact(withIdentifier: identifier, keysToFetch: [.note]).note == "Allergic to nuts")
    }

    @Test func aNonEmptyNoteWithoutTheEntitlementIsRefusedAndChangesNothing() throws {
        let (_, notes, plain, identifier) = try Self.device()
        var copy = try plain.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName]).mutableCopy()
        copy.note = "Changed"
        var request = SaveRequest()
        request.update(copy)
        #expect(throws: ContactError.self) { try plain.execute(request) }
        #expect(try notes.unifiedContact(withIdentifier: identifier, keysToFetch: [.note]).note == "Allergic to nuts")
    }

    @Test(arguments: [("kate@bell.org", true), ("KATE@Bell.org", true), ("kate@bell", false), ("kate", false),
                      ("kate@bell.org.uk", false), ("ate@bell.org", false)])
    func theStoresEmailPredicateIsTheWholeAddress(_ query: String, _ found: Bool) throws {
        let (_, notes, _, identifier) = try Self.device()
        #expect(try notes.contactIdentifiers(matching: .emailAddress(query)) == (found ? [identifier] : []), "\(query)")
    }

    /// The same rule for a limited app, whose predicate scans its permitted set instead of the index.
    @Test(arguments: [("kate@bell.org", true), ("KATE@Bell.org", true), ("kate@bell", false), ("kate@bell.org.uk", false)])
    func aLimitedAppsEmailPredicateIsTheWholeAddress(_ query: String, _ found: Bool) throws {
        let (device, _, _, identifier) = try Self.device()
        let chat = AppConfiguration(bundleIdentifier: "com.example.chat", usageDescription: "Chat")
        try device.applySettings(.allowLimited([identifier]), to: chat.bundleIdentifier)
        let store = device.store(for: chat)
        #expect(try store.contactIdentifiers(matching: .emailAddress(query)) == (found ? [identifier] : []), "\(query)")
    }

    /// White space around the query is not part of it (Decisions: Unicode's White_Space, line
    /// ends and the ideographic space among it); a zero-width space is not white space.
    @Test(arguments: ["kate@bell.org", "kate@bell", "kate@", "KATE@B", "\tkate@bell \r\n", "\u{3000}kate@\u{2028}\u{85}",
                      "\u{A0}kate@bell.org\u{2029}"])
    func theButtonMatchesAPrefixOfTheAddress(_ query: String) throws {
        let (content, identifier) = try Self.buttonContent(for: query)
        guard case .single(let row) = content else {
            Issue.record("\(query): \(content)")
            return
        }
        #expect(row.identifier == identifier)
    }

    @Test(arguments: ["\u{200B}kate@bell", "kate@bell\u{200B}", "kate @bell"])
    func theButtonKeepsWhatIsNotWhiteSpaceAroundTheAddress(_ query: String) throws {
        let (content, _) = try Self.buttonContent(for: query)
        if case .single = content { Issue.record("\(query.debugDescription) matched the address: \(content)") }
    }

    /// What the access button of a limited app with nothing permitted shows for `query` on
    /// ``device()``, and the identifier of its one contact.
    static func buttonContent(for query: String) throws -> (ContactAccessButtonView.Content, String) {
        let (device, _, _, identifier) = try device()
        let chat = AppConfiguration(bundleIdentifier: "com.example.chat", usageDescription: "Chat")
        try device.applySettings(.allowLimited([]), to: chat.bundleIdentifier)
        let view = device.contactAccessButtonView(ContactAccessButton(queryString: query), in: device.store(for: chat),
                                                  placement: .init(frame: .init(x: 0, y: 0, width: 400, height: 80)))
        return (view.content, identifier)
    }
}
