import ContactCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reference model: SPEC's rules in their simplest form, over the vocabulary's hand-written
/// tables. It shares no matching, folding, sorting, token or notification code with the library.
package struct Model: Sendable {
    package struct Contact: Hashable, Sendable {
        package var id: String
        /// The container it was added to (SPEC 2): the default one unless the save named another.
        package var container = ""
        /// Family name (and, with `givenPerson` equal, the given name) from ``Vocabulary/people``.
        package var person: Int
        package var givenPerson: Int
        package var organization: Int
        package var phone: Int?
        package var email: Int?
        package var note: String
        package var birthday: ContactDate?
        package var more: More

        package init(id: String, person: Int, givenPerson: Int, organization: Int = 0, phone: Int? = nil, email: Int? = nil,
                     note: String = "", birthday: ContactDate? = nil, more: More = More()) {
            self.id = id
            self.person = person
            self.givenPerson = givenPerson
            self.organization = organization
            self.phone = phone
            self.email = email
            self.note = note
            self.birthday = birthday
            self.more = more
        }

        /// A contact with a draft's values (the note only with the notes entitlement), as the
        /// store keeps them: a country code in lower case (Decisions, "Country codes").
        init(id: String, _ draft: Draft, entitled: Bool) {
            var more = draft.more
            more.countryCode = more.countryCode?.lowercased()
            self.init(id: id, person: draft.person, givenPerson: draft.person, organization: draft.organization,
                      phone: draft.phone, email: draft.email, note: entitled ? draft.note : "", birthday: draft.birthday,
                      more: more)
        }

        /// SPEC 2: an update from a fetched copy writes the keys the copy carries, with the
        /// values it holds, and its contact type, which every fetched contact carries.
        mutating func write(_ copy: Contact, carrying keys: Keys) {
            let carried = Set(keys.keys)
            if carried.contains(.givenName) { givenPerson = copy.givenPerson }
            if carried.contains(.familyName) { person = copy.person }
            if carried.contains(.organizationName) { organization = copy.organization }
            if carried.contains(.phoneNumbers) { (phone, more.phones) = (copy.phone, copy.more.phones) }
            if carried.contains(.emailAddresses) { (email, more.emails) = (copy.email, copy.more.emails) }
            if carried.contains(.note) { note = copy.note }
            if carried.contains(.birthday) { birthday = copy.birthday }
            // The other names and the details each stand for keys that are only fetched together.
            if carried.contains(.nickname) { more.names = copy.more.names }
            if carried.contains(.postalAddresses) { (more.details, more.countryCode) = (copy.more.details, copy.more.countryCode) }
            more.isOrganization = copy.more.isOrganization
        }

        /// Every number, the first under the draft's label, as `(vocabulary index, label index)`.
        var phones: [Labeled] { Labeled.list(phone, label: Draft.phoneLabel, then: more.phones) }
        var emails: [Labeled] { Labeled.list(email, label: Draft.emailLabel, then: more.emails) }
    }

    package struct App: Hashable, Sendable {
        package var status: AuthorizationStatus = .notDetermined
        package var permitted: Set<String> = []
    }

    /// Something a commit changed, for history.
    package enum Object: Hashable, Sendable {
        case contact(String)
        case group(String)
        case member(contact: String, group: String)
        case subgroup(group: String, parent: String)
    }

    /// One commit: who made it, each object's last change in it, and who was told.
    package struct Commit: Sendable {
        package var author: String?
        package var changes: [Change]
        package var notified: Set<Int>
        /// The app whose store made the commit (its save, its picker, its button); `nil` for
        /// the person's own (Settings, a restriction, an answer at a prompt). Its notification
        /// says `isFromCurrentStore` to that app's store only.
        package var origin: Int?
    }

    /// An object's last change in a commit: its position in the request, and whether it
    /// existed before and after the commit.
    package struct Change: Hashable, Sendable {
        package var object: Object
        package var position: Int
        package var before: Bool
        package var after: Bool
    }

    package var sortOrder: SortOrder
    /// Every contact, in insertion order.
    package var contacts: [Contact] = []
    /// Every group, in insertion order, with the container it was added to.
    package var groups: [(id: String, name: String, container: String)] = []
    package var members: Set<Pair> = []
    /// Groups nested in groups (SPEC 2), as pairs of a group and its parent.
    package var subgroups: Set<Nesting> = []
    /// Container identifiers as the device handed them out, the default local one first.
    package var containers: [String] = []
    /// The identity the device's tokens carry and how many commits its history keeps.
    package var device = DeviceSetup()
    package var apps = [App](repeating: App(), count: Cast.apps.count)
    /// What the person answers at prompts; `nil`: nobody answers.
    package var answer: AccessAnswer?
    package var promptsShown = 0
    package var commits: [Commit] = []

    package struct Pair: Hashable, Sendable {
        package var contact: String
        package var group: String
    }

    /// `group` nested directly in `parent`.
    package struct Nesting: Hashable, Sendable {
        package var group: String
        package var parent: String
    }

    package init(sortOrder: SortOrder) {
        self.sortOrder = sortOrder == .userDefault ? .givenName : sortOrder
    }

    // MARK: Lookups (SPEC 2: identifiers compare as exact scalars)

    package func contact(_ id: String) -> Contact? {
        contacts.first { Self.same($0.id, id) }
    }

    /// ``contact(_:)`` for `count` lookups: a search of the list each when they are few, a
    /// table by the identifiers' bytes (as ``same(_:_:)`` compares them) when they are many, as
    /// for the commit of a crowd of thousands, which one search each made quadratic.
    func contactLookup(for count: Int) -> (String) -> Contact? {
        guard count > Self.fewLookups else { return { contact($0) } }
        let table = Dictionary(contacts.map { (Array($0.id.utf8), $0) }, uniquingKeysWith: { first, _ in first })
        return { table[Array($0.utf8)] }
    }

    /// Up to this many lookups in one commit, a search of the list each costs less than a table.
    static let fewLookups = 16

    /// The stored identifier of the group `id` names exactly, if it exists.
    package func group(_ id: String) -> String? { groups.first { Self.same($0.id, id) }?.id }

    /// Whether two identifiers are the same bytes. `==` (canonical equivalence, which exact
    /// bytes imply) rules out almost every pair at the cost of a `memcmp`; only the pairs it
    /// finds equal have their bytes compared.
    static func same(_ a: String, _ b: String) -> Bool {
        a == b && a.utf8.count == b.utf8.count && isPrefix(a, of: b)
    }

    /// Whether `prefix`'s scalars begin `text`'s: its UTF-8 bytes begin text's bytes (a
    /// scalar's bytes are a prefix of no other scalar's), compared by one `memcmp` (a loop,
    /// each step's comparison instrumented, was a percent of every fuzzing run).
    static func isPrefix(_ prefix: String, of text: String) -> Bool {
        var prefix = prefix, text = text
        return prefix.withUTF8 { p in
            text.withUTF8 { t in
                guard p.count <= t.count, let a = p.baseAddress, let b = t.baseAddress else { return p.isEmpty }
                return memcmp(a, b, p.count) == 0
            }
        }
    }

    package func hasGroup(_ id: String) -> Bool { group(id) != nil }

    /// SPEC 4: authorized sees all, limited sees P, the rest nothing.
    package func isVisible(_ id: String, to app: Int) -> Bool {
        contact(id).map { sees($0, app) } ?? false
    }

    package func visibleContacts(to app: Int) -> [Contact] {
        contacts.filter { sees($0, app) }
    }

    /// SPEC 4's rule for a stored contact (so its stored identifier).
    func sees(_ contact: Contact, _ app: Int) -> Bool {
        switch apps[app].status {
        case .authorized: true
        case .limited: apps[app].permitted.contains(contact.id)
        default: false
        }
    }

    // MARK: Authorization (SPEC 3)

    /// What `requestAccess()` does: the error, or whether access is granted; and the commit.
    package mutating func requestAccess(_ app: Int) -> Outcome<Bool> {
        guard Cast.apps[app].usageDescription?.isEmpty == false else { return .failure(.missingUsageDescription) }
        guard apps[app].status == .notDetermined else { return .success(apps[app].status.grantsAccess) }
        guard let answer else { return .failure(.authorizationDenied) }
        promptsShown += 1
        switch answer {
        case .deny: setApp(app, App(status: .denied))
        case .allowFull: setApp(app, App(status: .authorized))
        case .allowLimited(let chosen): setApp(app, App(status: .limited, permitted: existing(chosen)))
        }
        return .success(apps[app].status.grantsAccess)
    }

    /// The gate of every read and write: prompts from `notDetermined`, then needs access.
    package mutating func access(_ app: Int) -> ContactError.Code? {
        if apps[app].status == .notDetermined, case .failure(let code) = requestAccess(app) { return code }
        return apps[app].status.grantsAccess ? nil : .authorizationDenied
    }

    package mutating func applySettings(_ change: SettingsChange, to app: Int) -> ContactError.Code? {
        guard apps[app].status != .restricted else { return .policyViolation }
        switch change {
        case .allowFull: setApp(app, App(status: .authorized))
        case .deny: setApp(app, App(status: .denied))
        case .allowLimited(let chosen): setApp(app, App(status: .limited, permitted: existing(chosen)))
        case .editPermittedSet(let adding, let removing):
            guard apps[app].status == .limited else { return .policyViolation }
            var record = apps[app]
            record.permitted.formUnion(existing(adding))
            record.permitted.subtract(existing(removing))
            setApp(app, record)
        }
        return nil
    }

    package mutating func setRestricted(_ restricted: Bool, app: Int) {
        if restricted {
            setApp(app, App(status: .restricted))
        } else if apps[app].status == .restricted {
            setApp(app, App())
        }
    }

    /// SPEC 9: only a limited app; the newly accessible identifiers, in the order added.
    package mutating func presentAccessPicker(_ app: Int, adding: [String], removing: [String]) -> [String] {
        guard apps[app].status == .limited else { return [] }
        var record = apps[app]
        var granted: [String] = []
        for id in adding {
            guard let stored = contact(id)?.id else { continue }
            if record.permitted.insert(stored).inserted { granted.append(stored) }
        }
        for id in removing {
            guard let stored = contact(id)?.id else { continue }
            record.permitted.remove(stored)
            granted.removeAll { $0 == stored }
        }
        setApp(app, record, origin: app)
        return granted
    }

    /// SPEC 9b: at any status, each chosen contact that exists, once, in the order chosen; the
    /// note needs the entitlement (SPEC 2). Nothing changes: no prompt, status, P or commit.
    package func presentContactPicker(_ app: Int, chosen: [String], keys: Keys) -> Outcome<[Contact]> {
        if keys.keys.contains(.note), !Cast.apps[app].hasNotesEntitlement { return .failure(.unauthorizedKeys) }
        var seen: Set<String> = []
        return .success(chosen.compactMap { contact($0) }.filter { seen.insert($0.id).inserted })
    }

    /// Replaces an app's record; a change is a commit of its own, made by `origin`'s store.
    package mutating func setApp(_ app: Int, _ record: App, origin: Int? = nil) {
        guard apps[app] != record else { return }
        apps[app] = record
        commits.append(Commit(author: nil, changes: [], notified: [app], origin: origin))
    }

    /// The identifiers of existing contacts among `ids`, as stored.
    func existing(_ ids: Set<String>) -> Set<String> {
        Set(ids.compactMap { contact($0)?.id })
    }

    // MARK: Fetching (SPEC 5)

    /// The order of fetched contacts: insertion, or by folded names, then identifier bytes.
    package func sorted(_ selected: [Contact], by order: SortOrder) -> [Contact] {
        let resolved = order == .userDefault ? sortOrder : order
        guard resolved == .givenName || resolved == .familyName else { return selected }
        func key(_ c: Contact) -> [Unicode.Scalar] {
            let given = Vocabulary.people[c.givenPerson].sortGiven, family = Vocabulary.people[c.person].sortFamily
            let text = given.isEmpty && family.isEmpty ? Vocabulary.organizations[c.organization].sort
                : resolved == .givenName ? given + "\u{1}" + family : family + "\u{1}" + given
            return Array(text.unicodeScalars)
        }
        return selected.map { (key: key($0), contact: $0) }.sorted { a, b in
            if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) { $0.value < $1.value } }
            return a.contact.id.utf8.lexicographicallyPrecedes(b.contact.id.utf8)
        }.map(\.contact)
    }

    /// SPEC 5: one contact by identifier; the note needs the entitlement (SPEC 2), checked first.
    package mutating func fetchOne(app: Int, _ id: String, keys: Keys) -> Outcome<Contact> {
        if keys.keys.contains(.note), !Cast.apps[app].hasNotesEntitlement { return .failure(.unauthorizedKeys) }
        if let code = access(app) { return .failure(code) }
        guard isVisible(id, to: app), let contact = contact(id) else { return .failure(.recordDoesNotExist) }
        return .success(contact)
    }

    /// A date in range, as Decisions ("Saving") write it: a month 1–12 (1–13 in another calendar,
    /// for leap months), a day 1–31, a year 1–9999 if any, a named calendar.
    package static func isValid(_ date: ContactDate) -> Bool {
        let months = date.calendar == "gregorian" ? 12 : 13
        return (1...months).contains(date.month) && (1...31).contains(date.day)
            && (date.year.map { (1...9999).contains($0) } ?? true) && !date.calendar.isEmpty
    }

    /// A country code a save takes, as Decisions ("Country codes") write it: none, or two
    /// ASCII letters in either case.
    package static func isValidCountryCode(_ code: String) -> Bool {
        code.isEmpty || code.unicodeScalars.count == 2 && code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }
}
