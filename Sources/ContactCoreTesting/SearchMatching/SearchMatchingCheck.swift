import ContactCore

/// Plays a ``SearchScenario`` on a real device and checks, at every query, the search
/// invariants of SPEC 7 and 8:
///
/// - normalization equals ``ReferenceSearch``'s and is idempotent (query and name fields);
/// - the store's name predicate finds exactly what the reference finds, once each, and an
///   empty query is `predicateInvalid`; a limited app finds exactly that within its P;
/// - monotonic: every scalar prefix of the query that has a token finds a superset;
/// - the access button, for a limited and a not-determined app, lists exactly the
///   reference's ranked list, and nothing from the app's permitted set;
/// - at the end, the same contacts saved in reverse order on another device give the same
///   results for every query (compared by a tag each contact carries).
public enum SearchMatchingCheck {
    /// The invariants, to check some alone.
    public enum Invariant: Hashable, Sendable, CaseIterable {
        /// Engine tokens equal the reference's and normalizing them again changes nothing.
        case normalization
        /// The store's name predicate equals the reference matcher.
        case nameDifferential
        /// Prefixes of a query find supersets.
        case monotonic
        /// The button lists the reference's ranked list and nothing permitted.
        case button
        /// Another insertion order finds the same contacts.
        case insertionOrder
    }

    /// Every broken invariant, as a sentence; empty when all hold.
    public static func violations(
        of scenario: SearchScenario, checking invariants: Set<Invariant> = Set(Invariant.allCases)
    ) -> [String] {
        var run = SearchScenarioRun(seed: 7, invariants: invariants)
        for step in scenario.steps { run.apply(step) }
        if invariants.contains(.insertionOrder) { run.checkInsertionOrder() }
        return run.violations
    }
}

struct SearchScenarioRun {
    static let seederApp = AppConfiguration(bundleIdentifier: "com.example.seeder", usageDescription: "Keeps contacts.")
    static let limitedApp = AppConfiguration(bundleIdentifier: "com.example.limited", usageDescription: "Finds friends.")
    static let freshApp = AppConfiguration(bundleIdentifier: "com.example.fresh", usageDescription: "Finds friends.")
    /// A placement where the button is legible, so views list what matches.
    static let placement = ContactAccessButton.Placement(frame: .init(x: 0, y: 0, width: 400, height: 60))

    struct Live {
        var identifier: String
        var tag: String
        var fields: SearchScenario.Fields
        var permitted: Bool
    }

    let invariants: Set<SearchMatchingCheck.Invariant>
    let device: ContactDevice
    let seeder: ContactStore
    let limited: ContactStore
    let fresh: ContactStore
    var live: [Live] = []
    var ignoredEmails: Set<String> = []
    var ignoredPhones: Set<String> = []
    var queries: [String] = []
    var violations: [String] = []
    private var nextTag = 0

    init(seed: UInt64, invariants: Set<SearchMatchingCheck.Invariant>) {
        self.invariants = invariants
        device = ContactDevice(seed: seed)
        seeder = device.store(for: Self.seederApp)
        limited = device.store(for: Self.limitedApp)
        fresh = device.store(for: Self.freshApp)
        do {
            try device.applySettings(.allowFull, to: Self.seederApp.bundleIdentifier)
            try device.applySettings(.allowLimited([]), to: Self.limitedApp.bundleIdentifier)
        } catch {
            violations.append("setting up the apps failed: \(error)")
        }
    }

    // MARK: Steps

    mutating func apply(_ step: SearchScenario.Step) {
        switch step {
        case .add(let fields, let permitted):
            nextTag += 1
            checkNormalizations(fields)
            add(fields, tag: "tag\(nextTag)", permitted: permitted)
        case .query(let text):
            queries.append(text)
            check(text)
        case .ignoreEmail(let address):
            ignoredEmails.insert(address)
        case .ignorePhone(let number):
            ignoredPhones.insert(number)
        case .delete(let index):
            guard !live.isEmpty, let copy = fetchCopy(live[index % live.count].identifier) else { return }
            var request = SaveRequest()
            request.delete(copy)
            save(request, "deleting a contact")
            live.remove(at: index % live.count)
        case .update(let index, let fields), .failedUpdate(let index, let fields):
            guard !live.isEmpty, var copy = fetchCopy(live[index % live.count].identifier) else { return }
            checkNormalizations(fields)
            Self.write(fields, into: &copy)
            var request = SaveRequest()
            request.update(copy)
            if case .failedUpdate = step {
                request.deleteContact(.saved("no-such-contact"))
                if (try? seeder.execute(request)) != nil { violations.append("a save with a failing delete committed") }
            } else {
                save(request, "updating a contact")
                live[index % live.count].fields = fields
            }
        }
    }

    mutating func add(_ fields: SearchScenario.Fields, tag: String, permitted: Bool) {
        var contact = MutableContact()
        Self.write(fields, into: &contact)
        contact.jobTitle = tag
        var request = SaveRequest()
        let reference = request.add(contact)
        do {
            guard let identifier = try seeder.execute(request).identifier(for: reference) else {
                return violations.append("an added contact has no identifier")
            }
            if permitted {
                try device.applySettings(.editPermittedSet(adding: [identifier], removing: []),
                                         to: Self.limitedApp.bundleIdentifier)
            }
            live.append(Live(identifier: identifier, tag: tag, fields: fields, permitted: permitted))
        } catch {
            violations.append("adding a contact failed: \(error)")
        }
    }

    private mutating func save(_ request: SaveRequest, _ what: String) {
        do { try seeder.execute(request) } catch { violations.append("\(what) failed: \(error)") }
    }

    private func fetchCopy(_ identifier: String) -> MutableContact? {
        try? seeder.unifiedContact(withIdentifier: identifier, keysToFetch: SearchableContact.keys + [.jobTitle]).mutableCopy()
    }

    static func write(_ fields: SearchScenario.Fields, into contact: inout MutableContact) {
        contact.givenName = fields.givenName
        contact.familyName = fields.familyName
        contact.middleName = fields.middleName
        contact.nickname = fields.nickname
        contact.previousFamilyName = fields.previousFamilyName
        contact.phoneticGivenName = fields.phoneticGivenName
        contact.phoneticMiddleName = fields.phoneticMiddleName
        contact.phoneticFamilyName = fields.phoneticFamilyName
        contact.organizationName = fields.organizationName
        contact.phoneticOrganizationName = fields.phoneticOrganizationName
        contact.phoneNumbers = fields.phoneNumbers.map { LabeledValue(label: .mobile, value: PhoneNumber($0)) }
        contact.emailAddresses = fields.emailAddresses.map { LabeledValue(label: .home, value: $0) }
    }

    // MARK: Checks

    static func scalars(_ tokens: [String]) -> [[UInt32]] { tokens.map { $0.unicodeScalars.map(\.value) } }

    /// Identifiers the store's name predicate gives `store`, or its error.
    func nameResults(_ query: String, in store: ContactStore) -> Result<[String], ContactError> {
        Result { () throws(ContactError) in
            try store.unifiedContacts(matching: .name(query), keysToFetch: []).map(\.identifier)
        }
    }

    /// Every contact of the device with its search fields, in the device's sort order.
    func contactsInSortOrder() -> [SearchableContact] {
        ((try? seeder.contacts(for: ContactFetchRequest(keysToFetch: SearchableContact.keys, sortOrder: .userDefault))) ?? [])
            .map(SearchableContact.init)
    }

    mutating func checkNormalization(_ text: String, _ what: String) {
        let tokens = SearchNormalization.tokens(of: text)
        let reference = ReferenceSearch.tokens(text)
        if Self.scalars(tokens) != Self.scalars(reference) {
            violations.append("\(what) \(text.debugDescription): engine tokens \(tokens.debugDescription), reference \(reference.debugDescription)")
        }
        let again = SearchNormalization.tokens(of: tokens.joined(separator: " "))
        if Self.scalars(again) != Self.scalars(tokens) {
            violations.append("\(what) \(text.debugDescription): normalizing \(tokens.debugDescription) again gives \(again.debugDescription)")
        }
    }

    mutating func check(_ query: String) {
        if invariants.contains(.normalization) { checkNormalization(query, "query") }
        let all = contactsInSortOrder()
        if all.count != live.count { violations.append("the device holds \(all.count) contacts, the model \(live.count)") }
        let queryTokens = SearchNormalization.tokens(of: query)
        let comparable = ReferenceSearch.tokens(query).count <= ReferenceSearch.maximumQueryTokens
        let found = checkNamePredicate(query, queryTokens, comparable: comparable && invariants.contains(.nameDifferential),
                                       all: all)
        if invariants.contains(.monotonic) && !queryTokens.isEmpty { checkMonotonic(query, found) }
        if invariants.contains(.button) { checkButton(query, comparable: comparable, all: all) }
    }

    /// Checks the normalization of every name field a contact is saved with.
    mutating func checkNormalizations(_ fields: SearchScenario.Fields) {
        guard invariants.contains(.normalization) else { return }
        for field in [fields.givenName, fields.familyName, fields.middleName, fields.nickname, fields.previousFamilyName,
                      fields.phoneticGivenName, fields.phoneticMiddleName, fields.phoneticFamilyName,
                      fields.organizationName, fields.phoneticOrganizationName] where !field.isEmpty {
            checkNormalization(field, "name field")
        }
    }

    /// Checks the store's name predicate and returns what it found.
    mutating func checkNamePredicate(
        _ query: String, _ queryTokens: [String], comparable: Bool, all: [SearchableContact]
    ) -> [String] {
        let found: [String]
        switch nameResults(query, in: seeder) {
        case .failure(let error):
            if !(queryTokens.isEmpty && error.code == .predicateInvalid) {
                violations.append("name query \(query.debugDescription) failed with \(error)")
            }
            found = []
        case .success(let identifiers):
            found = identifiers
            if queryTokens.isEmpty { violations.append("name query \(query.debugDescription) has no token but did not fail") }
            if Set(found).count != found.count { violations.append("name query \(query.debugDescription) repeats a contact") }
            if comparable {
                let expected = Set(all.filter { ReferenceSearch.nameMatches(query, $0) }.map(\.identifier))
                if Set(found) != expected {
                    violations.append("name query \(query.debugDescription): engine \(tags(found)), reference \(tags(Array(expected)))")
                }
            }
            let permitted = device.permittedIdentifiers(for: Self.limitedApp.bundleIdentifier)
            if case .success(let seen) = nameResults(query, in: limited), Set(seen) != Set(found).intersection(permitted) {
                violations.append("name query \(query.debugDescription): the limited app finds \(tags(seen))")
            }
        }
        return found
    }

    mutating func checkMonotonic(_ query: String, _ found: [String]) {
        var prefix = ""
        for scalar in query.unicodeScalars.dropLast() {
            prefix.unicodeScalars.append(scalar)
            guard !SearchNormalization.tokens(of: prefix).isEmpty else { continue }
            if case .success(let wider) = nameResults(prefix, in: seeder), !Set(wider).isSuperset(of: found) {
                violations.append("not monotonic: \(prefix.debugDescription) finds \(tags(wider)), \(query.debugDescription) finds \(tags(found))")
            }
        }
    }

    mutating func checkButton(_ query: String, comparable: Bool, all: [SearchableContact]) {
        for (store, permitted) in [(limited, device.permittedIdentifiers(for: Self.limitedApp.bundleIdentifier)),
                                   (fresh, Set<String>())] {
            let rows = buttonRows(query, in: store)
            if !permitted.isDisjoint(with: rows) {
                violations.append("button for \(query.debugDescription) offers permitted contacts \(tags(Array(permitted.intersection(rows))))")
            }
            guard comparable else { continue }
            let expected = ReferenceSearch.buttonResults(query, contactsInSortOrder: all, permitted: permitted,
                                                         ignoredEmails: ignoredEmails, ignoredPhoneNumbers: ignoredPhones)
            if rows != expected {
                violations.append("button for \(query.debugDescription) (\(store.app.bundleIdentifier)): engine \(tags(rows)), reference \(tags(expected))")
            }
        }
    }

    func buttonRows(_ query: String, in store: ContactStore) -> [String] {
        let button = ContactAccessButton(queryString: query, ignoredEmails: ignoredEmails, ignoredPhoneNumbers: ignoredPhones)
        return device.contactAccessButtonView(button, in: store, placement: Self.placement).rows.map(\.identifier)
    }

    func tags(_ identifiers: [String]) -> [String] {
        identifiers.map { identifier in live.first { $0.identifier == identifier }?.tag ?? identifier }.sorted()
    }

    /// The same live contacts saved newest first on another device find the same contacts.
    mutating func checkInsertionOrder() {
        guard !queries.isEmpty else { return }
        var other = SearchScenarioRun(seed: 99, invariants: [])
        for contact in live.reversed() { other.add(contact.fields, tag: contact.tag, permitted: contact.permitted) }
        other.ignoredEmails = ignoredEmails
        other.ignoredPhones = ignoredPhones
        violations += other.violations
        for query in queries {
            let mine = (try? nameResults(query, in: seeder).get()) ?? []
            let theirs = (try? other.nameResults(query, in: other.seeder).get()) ?? []
            if tags(mine) != other.tags(theirs) {
                violations.append("insertion order changes \(query.debugDescription): \(tags(mine)) then \(other.tags(theirs))")
            }
            let myRows = buttonRows(query, in: limited)
            let theirRows = other.buttonRows(query, in: other.limited)
            if tags(myRows) != other.tags(theirRows) {
                violations.append("insertion order changes the button for \(query.debugDescription): \(tags(myRows)) then \(other.tags(theirRows))")
            }
        }
    }
}
