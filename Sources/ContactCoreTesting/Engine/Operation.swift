import ContactCore

/// One device, its apps, and what happens to them, in order: the input of ``ScenarioRunner``.
///
/// Both fuzz targets and the property tests decode bytes into a scenario (see
/// ``OperationDecoder`` and ``IdentifierFetchFuzz``); tests may also write one by hand.
public struct Scenario: Hashable, Sendable {
    public var deviceSeed: UInt64
    public var defaultSortOrder: SortOrder
    /// The apps on the device; operations name them by index.
    public var apps: [AppConfiguration]
    public var operations: [Operation]

    public init(deviceSeed: UInt64 = 0, defaultSortOrder: SortOrder = .givenName, apps: [AppConfiguration],
                operations: [Operation]) {
        self.deviceSeed = deviceSeed
        self.defaultSortOrder = defaultSortOrder
        self.apps = apps
        self.operations = operations
    }

    /// Nothing to run: what an input of an unknown format version decodes to.
    public static let empty = Scenario(apps: [], operations: [])

    /// The bundle identifier scenarios give their n-th app (0-based): app 0 is the person's
    /// Contacts app, the others third-party apps.
    public static func bundleIdentifier(ofApp index: Int) -> String {
        index == 0 ? "com.apple.MobileAddressBook" : "com.example.app\(index)"
    }

    /// The person's Contacts app: app 0 of generated scenarios, with full access.
    public static let contactsApp = AppConfiguration(
        bundleIdentifier: bundleIdentifier(ofApp: 0), usageDescription: "Contacts", hasNotesEntitlement: true)
}

/// Something an app, the person or the device does. Apps are indices into ``Scenario/apps``.
///
/// Contacts, groups and containers are named by references that the runner resolves when the
/// operation runs (``ContactRef``), because the store, not the scenario, assigns identifiers.
public enum Operation: Hashable, Sendable {
    // The person and the device
    /// Installs `answer` as the person's answer to every prompt from now on (`nil`: nobody
    /// answers), then calls `requestAccess()`.
    case requestAccess(app: Int, answer: PromptScript?)
    case changeSettings(app: Int, SettingsScript)
    case setRestricted(app: Int, Bool)
    /// The person signs in to an account: a new container.
    case addContainer(ContactContainer.Kind)

    // Writes
    /// One save request, all or nothing.
    case save(app: Int, author: String?, steps: [SaveStep])
    /// Fetches one contact with `keys`, edits the mutable copy and saves it.
    case editFetched(app: Int, ContactRef, keys: [ContactKey], FetchedEdit)

    // Pickers and the access button
    case presentAccessPicker(app: Int, adding: [ContactRef], removing: [ContactRef])
    /// The person taps the app's contact access button (SPEC 8).
    case tapAccessButton(app: Int, AccessButtonScript)
    case presentContactPicker(app: Int, chosen: [ContactRef], keys: [ContactKey])

    // Reads
    case fetchContact(app: Int, ContactRef, keys: [ContactKey])
    case fetchContacts(app: Int, FetchScript)
    case fetchGroups(app: Int, GroupQuery)
    case fetchContainers(app: Int, ContainerQuery)
    /// A change-history fetch (SPEC 11): the runner replays it onto what the app held at
    /// its token and compares with what it may see now.
    case fetchHistory(app: Int, HistoryFetchScript)

    /// The app the operation acts for, if any.
    public var app: Int? {
        switch self {
        case .requestAccess(let app, _), .changeSettings(let app, _), .setRestricted(let app, _),
             .save(let app, _, _), .editFetched(let app, _, _, _), .presentAccessPicker(let app, _, _),
             .presentContactPicker(let app, _, _), .tapAccessButton(let app, _), .fetchContact(let app, _, _), .fetchContacts(let app, _),
             .fetchGroups(let app, _), .fetchContainers(let app, _), .fetchHistory(let app, _):
            app
        case .addContainer:
            nil
        }
    }
}

/// A contact as an operation names it; resolved to an identifier string when it runs.
public enum ContactRef: Hashable, Sendable {
    /// The n-th identifier the store has handed out in this scenario (modulo how many it has;
    /// deleted ones included, so "missing" is exercised too). With none yet: an identifier
    /// that looks real but was never issued.
    case known(Int)
    /// Inside one save: the n-th contact that request added earlier (modulo their count).
    case added(Int)
    /// A different spelling of ``known(_:)``: a different identifier, so never found.
    case spelled(Int, IdentifierSpelling)
    /// Exactly this string.
    case literal(String)
}

/// Respellings of a real identifier. Each names a different identifier under the contract's
/// exact-scalar rule, so every one must be "not found".
public enum IdentifierSpelling: Int, Hashable, Sendable, CaseIterable {
    case lowercased
    /// The identifier followed by U+0301 (combining acute): renders almost the same.
    case combiningAcute
    case trailingSpace
    case trailingNUL
    case lastCharacterDropped
    /// Padded with "0" past ``ContactCore/ContactIdentifier/maximumLength`` bytes.
    case pastMaximumLength
    /// The first ASCII character in its full-width form: equivalent only under compatibility
    /// normalization (NFKC), so a different identifier.
    case fullWidthFirstLetter

    /// Applies the respelling.
    public func apply(to identifier: String) -> String {
        switch self {
        case .lowercased: identifier.lowercased()
        case .combiningAcute: identifier + "\u{301}"
        case .trailingSpace: identifier + " "
        case .trailingNUL: identifier + "\u{0}"
        case .lastCharacterDropped: String(identifier.unicodeScalars.dropLast())
        case .pastMaximumLength:
            identifier + String(repeating: "0", count: max(1, ContactIdentifier.maximumLength + 1 - identifier.utf8.count))
        case .fullWidthFirstLetter: Self.fullWidthFirstLetter(identifier)
        }
    }

    /// The Swift expression of the respelling of `base`, for printed programs.
    func code(_ base: String) -> String {
        switch self {
        case .lowercased: "\(base).lowercased()"
        case .combiningAcute: "\(base) + \"\\u{301}\""
        case .trailingSpace: "\(base) + \" \""
        case .trailingNUL: "\(base) + \"\\u{0}\""
        case .lastCharacterDropped: "String(\(base).unicodeScalars.dropLast())"
        case .pastMaximumLength: "\(base) + String(repeating: \"0\", count: \(ContactIdentifier.maximumLength + 1) - \(base).utf8.count)"
        case .fullWidthFirstLetter: "\(base) /* first ASCII letter or digit made full-width */"
        }
    }

    private static func fullWidthFirstLetter(_ identifier: String) -> String {
        var scalars = Array(identifier.unicodeScalars)
        if let index = scalars.firstIndex(where: { (0x21...0x7E).contains($0.value) }),
           let wide = Unicode.Scalar(scalars[index].value - 0x21 + 0xFF01) {
            scalars[index] = wide
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}

/// A group as an operation names it.
public enum GroupRef: Hashable, Sendable {
    /// The n-th group identifier the store handed out (modulo their count).
    case known(Int)
    /// Inside one save: the n-th group that request added earlier.
    case added(Int)
    /// A contact's identifier where a group's belongs: never a group.
    case knownContact(Int)
    case literal(String)
}

/// A container as an operation names it.
public enum ContainerRef: Hashable, Sendable {
    /// The device's n-th container (modulo their count); 0 is the default one.
    case known(Int)
    case literal(String)
}

/// The person's answer at the access prompt.
public enum PromptScript: Hashable, Sendable {
    case deny
    case allowFull
    case allowLimited([ContactRef])
}

/// What the person does in Settings.
public enum SettingsScript: Hashable, Sendable {
    case allowFull
    case allowLimited([ContactRef])
    case deny
    case editPermittedSet(adding: [ContactRef], removing: [ContactRef])
}

/// One operation of a save request.
public enum SaveStep: Hashable, Sendable {
    case addContact(ContactDraft, container: ContainerRef?)
    /// Updates with a new `MutableContact`: it carries every key, so every field is written.
    case updateContact(ContactRef, ContactDraft)
    case deleteContact(ContactRef)
    case addGroup(name: String, container: ContainerRef?)
    case renameGroup(GroupRef, name: String)
    case deleteGroup(GroupRef)
    case addMember(ContactRef, group: GroupRef)
    case removeMember(ContactRef, group: GroupRef)
    case addSubgroup(GroupRef, parent: GroupRef)
    case removeSubgroup(GroupRef, parent: GroupRef)
}

/// The values of a contact an operation writes: the fields the model tracks.
public struct ContactDraft: Hashable, Sendable {
    public var contactType: ContactType = .person
    public var givenName = ""
    public var familyName = ""
    public var organizationName = ""
    public var phoneNumbers: [DraftValue] = []
    public var emailAddresses: [DraftValue] = []
    public var note = ""
    public var birthday: ContactDate?

    public init(contactType: ContactType = .person, givenName: String = "", familyName: String = "",
                organizationName: String = "", phoneNumbers: [DraftValue] = [], emailAddresses: [DraftValue] = [],
                note: String = "", birthday: ContactDate? = nil) {
        self.contactType = contactType
        self.givenName = givenName
        self.familyName = familyName
        self.organizationName = organizationName
        self.phoneNumbers = phoneNumbers
        self.emailAddresses = emailAddresses
        self.note = note
        self.birthday = birthday
    }
}

/// A labeled phone number or email address of a draft.
public struct DraftValue: Hashable, Sendable {
    public var label: ContactLabel?
    public var value: String

    public init(label: ContactLabel? = nil, value: String) {
        self.label = label
        self.value = value
    }
}

/// What an app does with a contact it fetched.
public enum FetchedEdit: Hashable, Sendable {
    /// Sets the given name on the copy and saves it: the update writes only the fetched keys
    /// and the given name.
    case setGivenName(String)
    /// Adds the fetched (already saved) contact again: `insertedRecordAlreadyExists`.
    case addAgain
    case delete
}

/// A batch fetch of contacts.
public struct FetchScript: Hashable, Sendable {
    /// How the app asks.
    public enum Style: Hashable, Sendable {
        /// `contacts(for:)`.
        case fetchRequest
        /// `unifiedContacts(matching:keysToFetch:sortOrder:)` (needs a predicate; without one
        /// it runs as ``fetchRequest``).
        case unifiedMatching
        /// `enumerateContacts(with:using:)`, stopping after that many contacts if given.
        case enumerate(stopAfter: Int?)
    }

    public var predicate: PredicateScript?
    public var keys: [ContactKey]
    public var sortOrder: SortOrder
    public var style: Style

    public init(predicate: PredicateScript?, keys: [ContactKey], sortOrder: SortOrder, style: Style) {
        self.predicate = predicate
        self.keys = keys
        self.sortOrder = sortOrder
        self.style = style
    }
}

/// A ``ContactCore/ContactPredicate`` with references in place of identifiers.
public enum PredicateScript: Hashable, Sendable {
    case identifiers([ContactRef])
    case name(String)
    case phoneNumber(String)
    case emailAddress(String)
    case inGroup(GroupRef)
    case inContainer(ContainerRef)
}

/// A group fetch.
public enum GroupQuery: Hashable, Sendable {
    case all
    case identifiers([GroupRef])
    case inContainer(ContainerRef)
    case subgroups(of: GroupRef)
}

/// A container fetch.
public enum ContainerQuery: Hashable, Sendable {
    case all
    case identifiers([ContainerRef])
    case ofContact(ContactRef)
    case ofGroup(GroupRef)
}

/// A change-history fetch.
public struct HistoryFetchScript: Hashable, Sendable {
    /// Which token the app presents.
    public enum Token: Hashable, Sendable {
        /// None: a full sync.
        case none
        /// The token of the app's last history fetch in this scenario (none if it made none).
        case latest
        /// The device's token after the n-th step that changed something, oldest first
        /// (modulo how many the runner kept): tokens belong to the device, not to an app.
        case recorded(Int)
        case limitedAccess
        /// Bytes no device wrote.
        case bytes([UInt8])
    }

    public var token: Token
    public var includeGroupChanges: Bool
    public var excludedTransactionAuthors: [String]

    public init(token: Token, includeGroupChanges: Bool, excludedTransactionAuthors: [String] = []) {
        self.token = token
        self.includeGroupChanges = includeGroupChanges
        self.excludedTransactionAuthors = excludedTransactionAuthors
    }
}

/// A tap on the contact access button: what the app sets up, and what the person does.
public struct AccessButtonScript: Hashable, Sendable {
    /// The text the person typed in the app's search field.
    public var query: String
    public var ignoredEmails: [String]
    /// Whether the tap is the person's (validated) or made by code.
    public var isValidated: Bool
    /// Whether the app placed the button legibly (else: half transparent).
    public var isLegible: Bool
    /// In a list of several matches, the rows the person approves (indices modulo the count;
    /// none: the person closes the list).
    public var picks: [Int]

    public init(query: String, ignoredEmails: [String] = [], isValidated: Bool = true, isLegible: Bool = true, picks: [Int] = []) {
        self.query = query
        self.ignoredEmails = ignoredEmails
        self.isValidated = isValidated
        self.isLegible = isLegible
        self.picks = picks
    }
}
