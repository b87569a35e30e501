import ContactCore

/// `FuzzIdentifierFetch`: a small store, one app's permitted set, and a list of identifier
/// strings — real ones, duplicates, respellings, empty, over-long and invalid UTF-8 — checked
/// against SPEC 5's identifier rule and SPEC 4's "hidden is missing".
///
/// The input becomes an ordinary ``Scenario`` run by ``ScenarioRunner``, so every check of the
/// model applies; the scenario is shaped to ask the identifier questions:
///
/// ```
/// byte 0   version, 0x01 (any other value: the empty scenario)
/// byte 1   device: bits 0–1 default sort order (givenName, familyName, none, givenName), bits 2–7 seed
/// byte 2   the reading app: bits 0–2 status (limited ×3, authorized, denied, notDetermined with
///          nobody to answer, restricted, limited), bit 3 notes entitlement
/// byte 3   fetch sort order (bits 0–1: none, givenName, familyName, userDefault)
/// byte 4   keys to fetch (as in FORMAT.md)
/// byte 5   contact count n = byte % 17
/// then     n × 3 bytes: given-name index, family-name index, flags (bit 0 in P, bit 1 deleted
///          after P was set, bit 2 organization, bit 3 a phone number, bit 4 member of a group)
/// then     up to 16 identifier records, each a length byte and that many bytes; the first
///          byte % 8 picks: 0, 1, 7 a real identifier (next byte picks which); 2 a respelling
///          (next bytes: which, how); 3 the rest as raw UTF-8 (invalid sequences become U+FFFD);
///          4 a junk identifier (next byte); 5 a repeat of an earlier record (next byte);
///          6 the rest repeated past 256 bytes
/// ```
///
/// Then: the person (app 1, full access) adds the contacts and the group; the reader (app 2)
/// gets its status and P; flagged contacts are deleted; the reader fetches the identifiers
/// three ways (request order, reversed, `unifiedContacts`), its group, then each identifier
/// alone, updates each and deletes each — a hidden identifier must fail exactly like a
/// missing one every time.
public enum IdentifierFetchFuzz {
    public static let formatVersion: UInt8 = 1
    public static let headerLength = 6
    public static let maximumContacts = 16
    public static let maximumIdentifiers = 16

    public static func run(_ data: [UInt8]) {
        if let failure = check(data) { fatalError(failure.description) }
    }

    /// The first broken rule, without trapping: what the corpus replay and property tests use.
    public static func check(_ data: [UInt8]) -> ScenarioFailure? {
        ScenarioRunner.run(decode(data)).failure
    }

    public static func decode(_ bytes: [UInt8]) -> Scenario {
        var reader = ByteReader(bytes)
        guard reader.byte() == formatVersion else { return .empty }
        let device = reader.byte()
        let readerFlags = reader.byte()
        let sortOrders: [SortOrder] = [.none, .givenName, .familyName, .userDefault]
        let sortOrder = sortOrders[Int(reader.byte() & 3)]
        let keys = reader.keys()
        let count = Int(reader.byte()) % (maximumContacts + 1)

        var adds: [SaveStep] = []
        var members: [SaveStep] = []
        var permitted: [ContactRef] = []
        var deletions: [SaveStep] = []
        for index in 0..<count {
            let given = Vocabulary.names[reader.index(below: Vocabulary.names.count)]
            let family = Vocabulary.names[reader.index(below: Vocabulary.names.count)]
            let flags = reader.byte()
            var draft = ContactDraft(givenName: given, familyName: family)
            if flags & 0x04 != 0 { draft = ContactDraft(contactType: .organization, organizationName: family) }
            if flags & 0x08 != 0 { draft.phoneNumbers = [DraftValue(label: .mobile, value: Vocabulary.phoneNumbers[index % 4])] }
            adds.append(.addContact(draft, container: nil))
            if flags & 0x01 != 0 { permitted.append(.known(index)) }
            if flags & 0x02 != 0 { deletions.append(.deleteContact(.known(index))) }
            if flags & 0x10 != 0 { members.append(.addMember(.added(index), group: .added(0))) }
        }
        if !members.isEmpty { adds.append(.addGroup(name: "Friends", container: nil)) }

        var identifiers: [ContactRef] = []
        while identifiers.count < maximumIdentifiers, var record = reader.record() {
            identifiers.append(identifier(from: &record, earlier: identifiers))
        }

        let person = 0
        let app = 1
        var operations: [Operation] = [.changeSettings(app: person, .allowFull), .save(app: person, author: nil, steps: adds + members)]
        switch readerFlags & 7 {
        case 3: operations.append(.changeSettings(app: app, .allowFull))
        case 4: operations.append(.changeSettings(app: app, .deny))
        case 5: break
        case 6: operations.append(.setRestricted(app: app, true))
        default: operations.append(.changeSettings(app: app, .allowLimited(permitted)))
        }
        if !deletions.isEmpty { operations.append(.save(app: person, author: nil, steps: deletions)) }
        operations += [
            .fetchContacts(app: app, FetchScript(predicate: .identifiers(identifiers), keys: keys, sortOrder: sortOrder, style: .fetchRequest)),
            .fetchContacts(app: app, FetchScript(predicate: .identifiers(identifiers.reversed()), keys: keys, sortOrder: sortOrder,
                                                 style: .enumerate(stopAfter: nil))),
            .fetchContacts(app: app, FetchScript(predicate: .identifiers(identifiers), keys: keys, sortOrder: .none, style: .unifiedMatching)),
        ]
        if !members.isEmpty {
            operations.append(.fetchContacts(app: app, FetchScript(predicate: .inGroup(.known(0)), keys: keys, sortOrder: sortOrder,
                                                                   style: .fetchRequest)))
        }
        operations += identifiers.map { .fetchContact(app: app, $0, keys: keys) }
        operations += identifiers.map { .save(app: app, author: nil, steps: [.updateContact($0, ContactDraft(givenName: "Renamed"))]) }
        operations += identifiers.map { .save(app: app, author: nil, steps: [.deleteContact($0)]) }

        let apps = [
            Scenario.contactsApp,
            AppConfiguration(bundleIdentifier: Scenario.bundleIdentifier(ofApp: app), usageDescription: "Finds your friends.",
                             hasNotesEntitlement: readerFlags & 0x08 != 0),
        ]
        let defaultOrders: [SortOrder] = [.givenName, .familyName, .none, .givenName]
        return Scenario(deviceSeed: UInt64(device >> 2), defaultSortOrder: defaultOrders[Int(device & 3)], apps: apps,
                        operations: operations)
    }

    private static func identifier(from record: inout ByteReader, earlier: [ContactRef]) -> ContactRef {
        switch record.byte() % 8 {
        case 2:
            let index = Int(record.byte())
            return .spelled(index, IdentifierSpelling.allCases[record.index(below: IdentifierSpelling.allCases.count)])
        case 3: return .literal(String(decoding: record.rest(), as: UTF8.self))
        case 4: return .literal(Vocabulary.junkContactIdentifiers[record.index(below: Vocabulary.junkContactIdentifiers.count)])
        case 5: return earlier.isEmpty ? .known(Int(record.byte())) : earlier[record.index(below: earlier.count)]
        case 6:
            let unit = record.rest()
            let bytes = unit.isEmpty ? Array("A".utf8) : unit
            let long = Array(repeating: bytes, count: ContactIdentifier.maximumLength / bytes.count + 1).joined()
            return .literal(String(decoding: long, as: UTF8.self))
        default: return .known(Int(record.byte()))
        }
    }

    /// Lays out an input from its parts: header bytes (padded or cut to five), contacts of
    /// three bytes each (at most 16), identifier records.
    public static func input(header: [UInt8], contacts: [[UInt8]], identifiers: [[UInt8]]) -> [UInt8] {
        let fixed = Array((header + Array(repeating: 0, count: headerLength)).prefix(headerLength - 1))
        let people = contacts.prefix(maximumContacts).map { Array(($0 + [0, 0, 0]).prefix(3)) }
        return [formatVersion] + fixed + [UInt8(people.count)] + people.flatMap { $0 }
            + identifiers.flatMap { [UInt8(min($0.count, 255))] + $0.prefix(255) }
    }
}
