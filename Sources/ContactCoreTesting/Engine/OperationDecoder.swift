import ContactCore

/// Turns any byte string into a ``Scenario``: the `FuzzPermittedSet` format, which the
/// property tests generate too. Decoding never fails and its work is bounded.
///
/// The format is frozen once released: fields are never reordered and tables only grow at the
/// end, so a saved corpus file or crash keeps its meaning. `Fuzz/FORMAT.md` has the full
/// layout; in short:
///
/// ```
/// byte 0      version, 0x01 (any other value: the empty scenario)
/// byte 1      device: bits 0–1 default sort order (givenName, familyName, none, givenName),
///             bits 2–7 device seed
/// byte 2      the device's contents: bits 0–1 third-party apps (1 + value % 3), bits 2–4
///             how many contacts the person already has (0–7), bits 5–7 ≥ 4: a group
///             "Family" holding every (value − 3)-th of them
/// bytes 3–5   one byte per third-party app slot (slots past the count are ignored):
///             bits 0–2 initial status (limited; authorized; limited with the person's
///             contact n−1; authorized; limited with contacts n and n+2; notDetermined;
///             denied; limited), for app slot n; bit 3 notes entitlement,
///             bits 4–5 both set: no usage description
/// byte 6      bit 0: the Contacts app syncs its change history once the device is set up
///             (so later history fetches of its have a token to start from)
/// then        records, each a length byte and that many bytes; at most 64 are read.
///             A record's first byte is the opcode, its second the app (byte % app count).
/// ```
///
/// App 0 is always the person's Contacts app (full access, notes entitlement): it makes the
/// contacts the device starts with, and operations may use it like any other app.
///
/// ```
/// ```
///
/// Opcodes (ranges never move):
///
/// | bytes     | operation              | bytes     | operation            |
/// |-----------|------------------------|-----------|----------------------|
/// | 0x00–0x4F | save                   | 0x94–0xA3 | fetch one contact    |
/// | 0x50–0x67 | Settings change        | 0xA4–0xC3 | fetch contacts       |
/// | 0x68–0x6F | request access         | 0xC4–0xC9 | fetch groups         |
/// | 0x70–0x71 | set restricted         | 0xCA–0xCB | fetch containers     |
/// | 0x72–0x73 | add container          | 0xCC–0xDF | fetch, edit, save    |
/// | 0x74–0x8F | access picker          | 0xE0–0xEB | history fetch        |
/// | 0x90–0x93 | contact picker         | 0xEC–0xEF | reserved: reads      |
/// |           |                        | 0xF0–0xF7 | access button tap    |
/// |           |                        | 0xF8–0xFF | reserved: writes     |
///
/// Reserved opcodes decode to nothing in version 1. 0xEC–0xEF are kept for operations that
/// only read: giving them meaning later adds checks but leaves every other operation of an
/// old file as it was. 0xF8–0xFF are for operations that change state; they will come with a
/// new version byte.
public enum OperationDecoder {
    public static let formatVersion: UInt8 = 1
    /// Bytes before the first record, the version byte included.
    public static let headerLength = 7
    public static let maximumOperations = 64
    public static let maximumContactAdds = 32
    public static let maximumGroupAdds = 16
    /// Longest list of references (permitted-set edits, identifier predicates, picker choices).
    public static let maximumReferences = 6

    public static func decode(_ bytes: [UInt8]) -> Scenario {
        var reader = ByteReader(bytes)
        guard reader.byte() == formatVersion else { return .empty }
        let device = reader.byte()
        let sortOrders: [SortOrder] = [.givenName, .familyName, .none, .userDefault]
        let contents = reader.byte()
        let appCount = 2 + Int(contents & 3) % 3
        var apps = [Scenario.contactsApp]
        var setup: [Operation] = [.changeSettings(app: 0, .allowFull)]
        let people = Int(contents >> 2 & 7)
        if people > 0 { setup.append(.save(app: 0, author: nil, steps: Self.people(people, grouping: Int(contents >> 5)))) }
        var syncsHistory = false
        for slot in 1..<5 {
            let flags = reader.byte()
            if slot == 4 { syncsHistory = flags & 1 != 0 }
            guard slot < appCount else { continue }
            apps.append(AppConfiguration(
                bundleIdentifier: Scenario.bundleIdentifier(ofApp: slot),
                usageDescription: flags & 0x30 == 0x30 ? nil : "Shows your friends' birthdays.",
                hasNotesEntitlement: flags & 0x08 != 0))
            switch flags & 0x07 {
            case 0, 7: setup.append(.changeSettings(app: slot, .allowLimited([])))
            case 2: setup.append(.changeSettings(app: slot, .allowLimited([.known(slot - 1)])))
            case 4: setup.append(.changeSettings(app: slot, .allowLimited([.known(slot), .known(slot + 2)])))
            case 1, 3: setup.append(.changeSettings(app: slot, .allowFull))
            case 6: setup.append(.changeSettings(app: slot, .deny))
            default: break
            }
        }
        if syncsHistory { setup.append(.fetchHistory(app: 0, HistoryFetchScript(token: .none, includeGroupChanges: true))) }
        var decoder = RecordDecoder(appCount: apps.count, contactAdds: people, groupAdds: contents >> 5 >= 4 ? 1 : 0)
        var operations = setup
        var records = 0
        while records < maximumOperations, var record = reader.record() {
            records += 1
            if let operation = decoder.operation(from: &record) { operations.append(operation) }
        }
        return Scenario(deviceSeed: UInt64(device >> 2), defaultSortOrder: sortOrders[Int(device & 3)],
                        apps: apps, operations: operations)
    }

    /// The person's own contacts, as the device starts: Apple's sample people, each with a
    /// phone number and an email address, and optionally a group of every n-th.
    static func people(_ count: Int, grouping: Int) -> [SaveStep] {
        let names = [("John", "Appleseed"), ("Kate", "Bell"), ("Anna", "Haro"), ("Daniel", "Higgins"),
                     ("David", "Taylor"), ("Hank", "Zakroff"), ("Zoë", "Ørsted")]
        var steps: [SaveStep] = names.prefix(count).enumerated().map { index, name in
            .addContact(ContactDraft(givenName: name.0, familyName: name.1,
                                     phoneNumbers: [DraftValue(label: .mobile, value: "555-01\(10 + index)")],
                                     emailAddresses: [DraftValue(label: .home, value: "\(name.0.lowercased())@example.com")]),
                        container: nil)
        }
        if grouping >= 4 {
            steps.append(.addGroup(name: "Family", container: nil))
            steps += (0..<count).filter { $0 % (grouping - 3) == 0 }.map { .addMember(.added($0), group: .added(0)) }
        }
        return steps
    }
}

/// Decodes one record into an operation, keeping the scenario-wide budgets.
private struct RecordDecoder {
    let appCount: Int
    var contactAdds = 0
    var groupAdds = 0

    mutating func operation(from record: inout ByteReader) -> Operation? {
        let opcode = record.byte()
        let app = record.index(below: appCount)
        switch opcode {
        case 0x00...0x4F: return save(app: app, &record)
        case 0x50...0x67: return .changeSettings(app: app, settings(&record))
        case 0x68...0x6F: return .requestAccess(app: app, answer: prompt(&record))
        case 0x70...0x71: return .setRestricted(app: app, record.byte() & 1 == 1)
        case 0x72...0x73: return .addContainer(ContactContainer.Kind.allCases[record.index(below: 3)])
        case 0x74...0x8F:
            let adding = contactList(&record, maximum: 4)
            return .presentAccessPicker(app: app, adding: adding, removing: contactList(&record, maximum: 2))
        case 0x90...0x93:
            let keys = record.keys()
            return .presentContactPicker(app: app, chosen: contactList(&record, maximum: 4), keys: keys)
        case 0x94...0xA3:
            let contact = contactRef(&record)
            return .fetchContact(app: app, contact, keys: record.keys())
        case 0xA4...0xC3: return .fetchContacts(app: app, fetch(&record))
        case 0xC4...0xC9: return .fetchGroups(app: app, groupQuery(&record))
        case 0xCA...0xCB: return .fetchContainers(app: app, containerQuery(&record))
        case 0xCC...0xDF:
            let contact = contactRef(&record)
            let keys = record.keys()
            let edit: FetchedEdit = switch record.byte() % 4 {
            case 0, 1: .setGivenName(record.string(from: Vocabulary.names))
            case 2: .addAgain
            default: .delete
            }
            return .editFetched(app: app, contact, keys: keys, edit)
        case 0xE0...0xEB: return .fetchHistory(app: app, history(&record))
        case 0xF0...0xF7: return .tapAccessButton(app: app, accessButton(&record))
        default:
            return nil  // 0xEC–0xEF, 0xF8–0xFF: reserved
        }
    }

    // MARK: Saves

    private mutating func save(app: Int, _ record: inout ByteReader) -> Operation {
        let header = record.byte()
        let author = Vocabulary.authors[Int(header & 3)]
        let stepCount = [1, 1, 2, 3][Int(header >> 2 & 3)]
        var steps: [SaveStep] = []
        var addedContacts = 0
        var addedGroups = 0
        for _ in 0..<stepCount where !record.isAtEnd {
            let selector = record.byte()
            let kind = selector & 0x1F
            switch kind {
            case 0...11:
                let container = Self.container(selector >> 5, &record)
                let draft = self.draft(&record)
                guard contactAdds < OperationDecoder.maximumContactAdds else { continue }
                contactAdds += 1
                addedContacts += 1
                steps.append(.addContact(draft, container: container))
            case 12, 13:
                let contact = contactRef(&record, addedInRequest: addedContacts)
                steps.append(.updateContact(contact, draft(&record)))
            case 14...16: steps.append(.deleteContact(contactRef(&record, addedInRequest: addedContacts)))
            case 17...20:
                let container = Self.container(selector >> 5, &record)
                let name = record.string(from: Vocabulary.names)
                guard groupAdds < OperationDecoder.maximumGroupAdds else { continue }
                groupAdds += 1
                addedGroups += 1
                steps.append(.addGroup(name: name, container: container))
            case 21:
                let group = groupRef(&record, addedInRequest: addedGroups)
                steps.append(.renameGroup(group, name: record.string(from: Vocabulary.names)))
            case 22: steps.append(.deleteGroup(groupRef(&record, addedInRequest: addedGroups)))
            case 23...28:
                let contact = contactRef(&record, addedInRequest: addedContacts)
                let group = groupRef(&record, addedInRequest: addedGroups)
                steps.append(kind == 28 ? .removeMember(contact, group: group) : .addMember(contact, group: group))
            default:
                let child = groupRef(&record, addedInRequest: addedGroups)
                let parent = groupRef(&record, addedInRequest: addedGroups)
                steps.append(kind == 31 ? .removeSubgroup(child, parent: parent) : .addSubgroup(child, parent: parent))
            }
        }
        return .save(app: app, author: author, steps: steps)
    }

    /// An add's target container from the top three bits of its step byte: mostly none (the
    /// default), sometimes one named, or one that does not exist.
    private static func container(_ selector: UInt8, _ record: inout ByteReader) -> ContainerRef? {
        switch selector {
        case 5: .known(0)
        case 6: .known(Int(record.byte()))
        case 7: .literal(Vocabulary.junkContainerIdentifiers[record.index(below: Vocabulary.junkContainerIdentifiers.count)])
        default: nil
        }
    }

    /// Flags byte: bits 0–1 both set an organization, bit 2 a phone number, bit 3 an email
    /// address, bit 4 a birthday; bits 5–7 as a number: 6 adds a note, 7 makes a value
    /// invalid (an impossible birthday, or else an empty phone label). Then given name,
    /// family name and the values flagged.
    private func draft(_ record: inout ByteReader) -> ContactDraft {
        let flags = record.byte()
        let extra = flags >> 5
        var draft = ContactDraft()
        let first = record.string(from: Vocabulary.names)
        let second = record.string(from: Vocabulary.names)
        if flags & 0x03 == 0x03 {
            draft.contactType = .organization
            draft.organizationName = second
        } else {
            draft.givenName = first
            draft.familyName = second
        }
        if flags & 0x04 != 0 || (extra == 7 && flags & 0x10 == 0) {
            let label: ContactLabel? = extra == 7 && flags & 0x10 == 0 ? .custom("") : (flags & 0x01 != 0 ? .mobile : nil)
            draft.phoneNumbers = [DraftValue(label: label, value: record.string(from: Vocabulary.phoneNumbers))]
        }
        if flags & 0x08 != 0 {
            draft.emailAddresses = [DraftValue(label: .home, value: record.string(from: Vocabulary.emailAddresses))]
        }
        if extra == 6 { draft.note = record.string(from: Vocabulary.notes) }
        if flags & 0x10 != 0 {
            let month = record.byte()
            let day = record.byte()
            draft.birthday = extra == 7
                ? ContactDate(month: Int(month % 2) * 13, day: Int(day) % 40)
                : ContactDate(year: month & 0x80 != 0 ? 1990 : nil, month: Int(month % 12) + 1, day: Int(day % 28) + 1)
        }
        return draft
    }

    // MARK: References

    /// A contact reference from one byte (a second for respellings): below 0xE0 a known
    /// identifier, except 0x80–0xDF inside a save that already added a contact: that
    /// contact; 0xE0–0xE6 a respelling of the known identifier the next byte picks; 0xE7 and
    /// up junk.
    private func contactRef(_ record: inout ByteReader, addedInRequest added: Int = 0) -> ContactRef {
        let selector = record.byte()
        switch selector {
        case 0x80...0xDF where added > 0: return .added(Int(selector - 0x80))
        case 0xE0...0xE6:
            return .spelled(Int(record.byte()), IdentifierSpelling.allCases[Int(selector - 0xE0)])
        case 0xE7...0xFF:
            let junk = Vocabulary.junkContactIdentifiers
            return .literal(junk[Int(selector - 0xE7) % junk.count])
        default: return .known(Int(selector))
        }
    }

    private func contactList(_ record: inout ByteReader, maximum: Int) -> [ContactRef] {
        let count = record.index(below: maximum + 1)
        return (0..<count).map { _ in contactRef(&record) }
    }

    /// Below 0xE0 a known group, except 0x80–0xDF inside a save that already added a group:
    /// that group; 0xE0–0xEF a contact's identifier; 0xF0 and up junk.
    private func groupRef(_ record: inout ByteReader, addedInRequest added: Int = 0) -> GroupRef {
        let selector = record.byte()
        switch selector {
        case 0x80...0xDF where added > 0: return .added(Int(selector - 0x80))
        case 0xE0...0xEF: return .knownContact(Int(selector - 0xE0))
        case 0xF0...0xFF:
            let junk = Vocabulary.junkGroupIdentifiers
            return .literal(junk[Int(selector - 0xF0) % junk.count])
        default: return .known(Int(selector))
        }
    }

    private func containerRef(_ record: inout ByteReader) -> ContainerRef {
        let selector = record.byte()
        guard selector >= 0xF0 else { return .known(Int(selector)) }
        let junk = Vocabulary.junkContainerIdentifiers
        return .literal(junk[Int(selector - 0xF0) % junk.count])
    }

    // MARK: Access

    private func prompt(_ record: inout ByteReader) -> PromptScript? {
        switch record.byte() % 8 {
        case 0: nil
        case 1: .deny
        case 2, 3: .allowFull
        default: .allowLimited(contactList(&record, maximum: OperationDecoder.maximumReferences))
        }
    }

    private func settings(_ record: inout ByteReader) -> SettingsScript {
        switch record.byte() % 8 {
        case 0, 1: return .allowLimited(contactList(&record, maximum: OperationDecoder.maximumReferences))
        case 2: return .allowFull
        case 3: return .deny
        case 7: return .allowLimited([])
        default:
            let adding = contactList(&record, maximum: 4)
            return .editPermittedSet(adding: adding, removing: contactList(&record, maximum: 3))
        }
    }

    // MARK: Reads

    /// Predicate byte (% 10: none, identifiers ×3, name, phone, email, group ×2, container),
    /// then a byte of sort order (bits 0–1) and style (bits 2–3; bits 4–6 an enumeration
    /// stop), then keys, then the predicate's values.
    private func fetch(_ record: inout ByteReader) -> FetchScript {
        let predicateKind = record.byte() % 10
        let options = record.byte()
        let keys = record.keys()
        let predicate: PredicateScript? = switch predicateKind {
        case 0: nil
        case 1, 2, 3: .identifiers(contactList(&record, maximum: OperationDecoder.maximumReferences))
        case 4: .name(record.string(from: Vocabulary.names))
        case 5: .phoneNumber(record.string(from: Vocabulary.phoneNumbers))
        case 6: .emailAddress(record.string(from: Vocabulary.emailAddresses))
        case 7, 8: .inGroup(groupRef(&record))
        default: .inContainer(containerRef(&record))
        }
        let style: FetchScript.Style = switch options >> 2 & 3 {
        case 0, 1: .fetchRequest
        case 2: .unifiedMatching
        default: .enumerate(stopAfter: options >> 4 & 7 == 0 ? nil : Int(options >> 4 & 7))
        }
        let sortOrders: [SortOrder] = [.none, .givenName, .familyName, .userDefault]
        return FetchScript(predicate: predicate, keys: keys, sortOrder: sortOrders[Int(options & 3)], style: style)
    }

    /// Token byte % 8 (none; the app's latest; a recorded device token ×4, the next byte
    /// picks which; limitedAccess; junk: a length byte % 23 and that many bytes), then flags:
    /// bit 0 group changes; bits 6–7 both set leave out author "import", and with bit 5 also
    /// "com.example.sync".
    private func history(_ record: inout ByteReader) -> HistoryFetchScript {
        let token: HistoryFetchScript.Token = switch record.byte() % 8 {
        case 0: .none
        case 1: .latest
        case 2...5: .recorded(Int(record.byte()))
        case 6: .limitedAccess
        default: .bytes(record.bytes(upTo: record.index(below: 23)))
        }
        let flags = record.byte()
        let excluded = flags & 0xC0 != 0xC0 ? [] : flags & 0x20 != 0 ? ["import", "com.example.sync"] : ["import"]
        return HistoryFetchScript(token: token, includeGroupChanges: flags & 1 != 0, excludedTransactionAuthors: excluded)
    }

    /// Flags (bits 0–1 both set: a synthesized event; bits 2–3 both set: an illegible
    /// placement; bit 4: one ignored email address), the query (a string from
    /// `Vocabulary.buttonQueries`), [the ignored address], then the picks (list of ≤ 3 bytes).
    private func accessButton(_ record: inout ByteReader) -> AccessButtonScript {
        let flags = record.byte()
        let query = record.string(from: Vocabulary.buttonQueries)
        let ignored = flags & 0x10 != 0 ? [record.string(from: Vocabulary.emailAddresses)] : []
        let picks = (0..<record.index(below: 4)).map { _ in Int(record.byte()) }
        return AccessButtonScript(query: query, ignoredEmails: ignored, isValidated: flags & 0x03 != 0x03,
                                  isLegible: flags & 0x0C != 0x0C, picks: picks)
    }

    private func groupQuery(_ record: inout ByteReader) -> GroupQuery {
        switch record.byte() % 4 {
        case 0: .all
        case 1: .identifiers((0..<record.index(below: 4)).map { _ in groupRef(&record) })
        case 2: .inContainer(containerRef(&record))
        default: .subgroups(of: groupRef(&record))
        }
    }

    private func containerQuery(_ record: inout ByteReader) -> ContainerQuery {
        switch record.byte() % 4 {
        case 0: .all
        case 1: .identifiers((0..<record.index(below: 3)).map { _ in containerRef(&record) })
        case 2: .ofContact(contactRef(&record))
        default: .ofGroup(groupRef(&record))
        }
    }
}
