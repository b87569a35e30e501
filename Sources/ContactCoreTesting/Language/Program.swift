import ContactCore

/// One program of the harness language: the device's starting state and the operations that
/// follow. Every fuzz target, the replay tests and the property tests decode bytes into one
/// (``Decoder``) and run it (``Runner``); `Fuzz/FORMAT.md` documents the bytes.
package struct Program: Hashable, Sendable {
    /// The device's default sort order (``SortOrder/userDefault`` resolves to it).
    package var sortOrder: SortOrder = .givenName
    /// Each app's status before the first operation, set through Settings.
    package var initialStatus: [Setup] = [.notDetermined, .notDetermined, .notDetermined]
    /// People the person already has, from ``Vocabulary/people``, added before anything else.
    package var people: [Int] = []
    /// The operations, one at a time; with ``parallel``, the sequential prefix.
    package var operations: [Op] = []
    /// Branches run at the same time on threads after ``operations``, then a suffix.
    package var parallel: Parallel?
    /// Whether the final sweep also runs the device's own ``ContactCore/ContactDevice/checkInvariants()``.
    package var checksInvariants = false
    /// The device's history identity and limit, and its accounts (format version 4).
    package var device = DeviceSetup()
    /// Indices of ``operations`` (saves) after which a persistent device is closed and reopened.
    ///
    /// Nothing in memory, which has no storage; the reopen before the final sweep is always made.
    package var reopensAfter: Set<Int> = []

    package init() {}

    /// How an app starts.
    package enum Setup: Hashable, Sendable {
        case notDetermined, denied, authorized
        /// Limited with the person's first n people.
        case limited(Int)
    }
}

/// What a device is made with besides its sort order: the identity its history tokens carry,
/// how many commits its history keeps, and whether the person signed in to two accounts.
package struct DeviceSetup: Hashable, Sendable {
    /// 1 or 2: a token of the device of the other identity is foreign (SPEC 11).
    package var identity: UInt64
    /// `nil`: the library's default, which no program reaches.
    package var historyLimit: Int?
    /// An Exchange and a CardDAV container after the default local one.
    package var hasAccounts: Bool
    /// The person's groups (``Vocabulary/groupNames`` but the blank one, each in the next
    /// container), there before the program starts: its first save can nest them.
    package var hasGroups: Bool
    /// How many more contacts the person has, older than the cast's people: a crowd that
    /// makes the store large (``crowdSizes``), each made from its position (``Runner/crowdDraft(_:)``).
    package var crowd: Int

    package init(identity: UInt64 = 1, historyLimit: Int? = nil, hasAccounts: Bool = false, hasGroups: Bool = false, crowd: Int = 0) {
        self.identity = identity
        self.historyLimit = historyLimit
        self.hasAccounts = hasAccounts
        self.hasGroups = hasGroups
        self.crowd = crowd
    }

    /// The limits a header byte picks from: small enough that a program outlives its first tokens.
    package static let historyLimits: [Int?] = [nil, 1, 3, 6]
    /// The crowds a header picks from (`Fuzz/FORMAT.md`, "Large stores"): around the sizes where the library's search
    /// changes path (a lookup's slots sorted rather than set as bits past 128 slots, an index
    /// built on every core from 4,096 contacts), and between.
    package static let crowdSizes = [120, 128, 129, 130, 200, 300, 1_000, 4_096]
    /// The accounts' containers, as the person adds them in Settings.
    package static let accounts: [(name: String, kind: ContactContainer.Kind)] = [("Exchange", .exchange), ("iCloud", .cardDAV)]

    /// The identity whose tokens are foreign to this device.
    package var otherIdentity: UInt64 { identity == 1 ? 2 : 1 }
}

/// The apps of every program: fixed, so that a program names them by index.
package enum Cast {
    /// How many apps a program's operations name (the last of ``apps`` only sets up the device).
    package static let actors = 3
    /// App 0 has the notes entitlement; app 2 declares no usage description; app 3 is the
    /// setup app that adds the person's contacts before the program starts.
    package static let apps = [
        AppConfiguration(bundleIdentifier: "com.example.notes", usageDescription: "Reads your notes.", hasNotesEntitlement: true),
        AppConfiguration(bundleIdentifier: "com.example.chat", usageDescription: "Find friends who use Chat."),
        AppConfiguration(bundleIdentifier: "com.example.silent", usageDescription: nil),
        AppConfiguration(bundleIdentifier: "com.example.setup", usageDescription: "Imports your address book.",
                         hasNotesEntitlement: true),
    ]
    /// Transaction authors a save may carry.
    package static let authors: [String?] = [nil, "sync", "import"]
}

/// Something the person or an app does.
package enum Op: Hashable, Sendable {
    /// Installs the person's answer to every later prompt, then the app asks for access.
    case request(app: Int, answer: Answer?)
    case settings(app: Int, Setting)
    case restrict(app: Int, Bool)
    /// One save request; `author` indexes ``Cast/authors``.
    case save(app: Int, author: Int, steps: [Step])
    /// Fetches one contact with `keys`, sets its given name to that of
    /// ``Vocabulary/people``[`givenPerson`] (always a Latin one), and saves the copy, which
    /// writes only the keys it carries.
    case editFetched(app: Int, Ref, keys: Keys, givenPerson: Int)
    case fetch(app: Int, Query, keys: Keys, sort: SortOrder)
    case fetchOne(app: Int, Ref, keys: Keys)
    /// A change-history fetch with one of the tokens the run has seen (or a foreign one).
    case history(app: Int, token: TokenPick, excludeAuthor: Int?, includeGroups: Bool)
    case accessPicker(app: Int, adding: [Ref], removing: [Ref])
    case button(app: Int, Tap)
    /// The one-time contact picker (SPEC 9b): the person chooses `chosen`, the app asks for `keys`.
    case contactPicker(app: Int, chosen: [Ref], keys: Keys)
}

/// The person's answer at a prompt.
package enum Answer: Hashable, Sendable {
    case deny, full
    case limited([Ref])
}

package enum Setting: Hashable, Sendable {
    case full, deny
    case limited([Ref])
    case edit(adding: [Ref], removing: [Ref])
}

/// A contact as a program names it: the store, not the program, makes identifiers.
package enum Ref: Hashable, Sendable {
    /// The n-th newest contact identifier the run has seen (modulo; deleted ones included).
    case known(Int)
    /// Inside a save: the n-th contact this request added (modulo).
    case added(Int)
    /// A string no store issues: ``Vocabulary/junkIdentifiers``, or a respelling of a known one.
    case junk(Int)
}

/// A group as a program names it.
package enum GroupRef: Hashable, Sendable {
    case known(Int)
    case added(Int)
    /// A contact's identifier where a group's belongs.
    case contact(Int)
}

package enum Step: Hashable, Sendable {
    case add(Draft)
    /// Adds to a chosen container (the default one is ``ContainerRef/known(_:)`` 0).
    case addTo(ContainerRef, Draft)
    /// Updates with a new `MutableContact` (it carries every key).
    case update(Ref, Draft)
    case delete(Ref)
    case addGroup(name: String)
    /// Adds a group to a chosen container.
    case addGroupTo(ContainerRef, name: String)
    case deleteGroup(GroupRef)
    case addMember(Ref, GroupRef)
    case removeMember(Ref, GroupRef)
    /// Nests the first group in the second (SPEC 2: no cycles).
    case addSubgroup(GroupRef, GroupRef)
    case removeSubgroup(GroupRef, GroupRef)
    /// Renames a group: a saved one through its fetched copy, one this request adds by its reference.
    case renameGroup(GroupRef, name: String)
}

/// A container as a program names it.
package enum ContainerRef: Hashable, Sendable {
    /// The n-th container of the device (modulo), the default one first.
    case known(Int)
    /// A contact's identifier where a container's belongs.
    case contact(Int)
}

/// The values of a contact a step writes, each from a vocabulary.
package struct Draft: Hashable, Sendable {
    package var person: Int
    package var organization: Int
    package var phone: Int?
    package var email: Int?
    /// A note; `""` still carries the note key (a fresh `MutableContact` carries every key).
    package var note: String
    package var birthday: ContactDate?
    /// The rest of SPEC 2: nothing unless a program asks for it.
    package var more: More

    package init(person: Int, organization: Int = 0, phone: Int? = nil, email: Int? = nil, note: String = "",
                 birthday: ContactDate? = nil, more: More = More()) {
        self.person = person
        self.organization = organization
        self.phone = phone
        self.email = email
        self.note = note
        self.birthday = birthday
        self.more = more
    }
}

/// The fields of a contact beyond a ``Draft``'s first six, each from a vocabulary table.
package struct More: Hashable, Sendable {
    /// ``Vocabulary/moreNames``: prefix, middle, suffix, nickname, previous family name,
    /// phonetic names, department, job title, phonetic organization name.
    package var names: Int
    /// Numbers and addresses after the draft's first, in order.
    package var phones: [Labeled]
    package var emails: [Labeled]
    package var isOrganization: Bool
    /// ``Vocabulary/details``: postal addresses, URLs, social profiles, instant messaging,
    /// relations, dates, the non-Gregorian birthday and the images.
    package var details: Int
    /// An `isoCountryCode` of any text: the contact's one postal address carries it, in place
    /// of the details' addresses.
    package var countryCode: String?

    package init(names: Int = 0, phones: [Labeled] = [], emails: [Labeled] = [], isOrganization: Bool = false,
                 details: Int = 0, countryCode: String? = nil) {
        self.names = names
        self.phones = phones
        self.emails = emails
        self.isOrganization = isOrganization
        self.details = details
        self.countryCode = countryCode
    }

    /// The details' addresses, or the one that carries the raw country code.
    package var postalAddresses: [LabeledValue<PostalAddress>] {
        guard let countryCode else { return Vocabulary.details[details].postalAddresses }
        return [LabeledValue(label: .home, value: PostalAddress(street: "1 Main St", city: "Springfield", isoCountryCode: countryCode))]
    }
}

/// A value of a vocabulary table under a label of ``Vocabulary/labels``, or under a raw one.
package struct Labeled: Hashable, Sendable {
    package var value: Int
    package var label: Int
    /// A label of any text, in place of the table's (SPEC 2: "any custom string").
    package var raw: String?

    package init(_ value: Int, label: Int, raw: String? = nil) {
        self.value = value
        self.label = label
        self.raw = raw
    }

    /// The label a contact holds.
    package var contactLabel: ContactLabel? { raw.map(ContactLabel.init(rawValue:)) ?? Vocabulary.labels[label] }

    /// A list's first value under its fixed label, then the further ones.
    static func list(_ first: Int?, label: Int, then more: [Labeled]) -> [Labeled] {
        (first.map { [Labeled($0, label: label)] } ?? []) + more
    }
}

/// Keys to fetch, as a bit set: bits 0–6 over ``Keys/all``, bit 7 every key of ``Keys/rest``.
package struct Keys: Hashable, Sendable {
    package var bits: UInt8
    package init(bits: UInt8) { self.bits = bits }
    package static let all: [ContactKey] = [.givenName, .familyName, .organizationName, .phoneNumbers, .emailAddresses,
                                             .note, .birthday]
    /// The keys of ``More``'s fields, fetched together.
    package static let rest = ContactKey.allCases.filter { !all.contains($0) }
    /// In `ContactKey`'s declaration order, as `Contact.availableKeys` lists them.
    package var keys: [ContactKey] { Keys.byBits[Int(bits)] }
    /// Every key set by its bits, made once: runs ask for keys at every fetch and compare.
    private static let byBits: [[ContactKey]] = (0..<256).map { bits in
        ContactKey.allCases.filter { key in
            all.firstIndex(of: key).map { bits & (1 << $0) != 0 } ?? (bits & 0x80 != 0)
        }
    }
    /// Whether the keys of ``Keys/rest`` are fetched (bit 7).
    package var includesRest: Bool { bits & 0x80 != 0 }
    package static let everything = Keys(bits: 0xFF)
    package static let everythingButNote = Keys(bits: 0xDF)
}

package enum Query: Hashable, Sendable {
    case all
    case identifiers([Ref])
    /// Name text and its tokens as SPEC 7 normalizes it (written by hand in the vocabulary).
    case name(QueryText)
    case phone(Int)
    case email(Int)
    case group(GroupRef)
    /// The contacts in a container (format version 4 and later).
    case container(ContainerRef)
}

/// A query string with its expected normalized tokens.
package struct QueryText: Hashable, Sendable {
    package var text: String
    package var tokens: [String]

    package init(text: String, tokens: [String]) {
        self.text = text
        self.tokens = tokens
    }
}

/// Which history token a fetch presents.
package enum TokenPick: Hashable, Sendable {
    case none
    /// The n-th newest token the run has been given (modulo).
    case seen(Int)
    case limitedAccess
    /// Bytes no device wrote.
    case foreign([UInt8])
    /// A token the device of the other identity gave after its first 1 + n % 64 commits.
    case otherDevice(Int)
    /// The token this device gives after its first 1 + n % 64 commits, whether it has made
    /// them yet (a token from the future) or made them long ago (expired with a small limit).
    case atCommit(Int)
    /// The n-th newest token the run has been given with the byte at `index % count` XORed
    /// with `mask` (1 when 0): real length, damaged.
    case damaged(Int, index: Int, mask: UInt8)
}

/// A tap on the contact access button.
package struct Tap: Hashable, Sendable {
    package var query: QueryText
    package var ignoredEmail: Int?
    package var ignoredPhone: Int?
    /// Foreground gray level against a white background, from ``Vocabulary/grays``.
    package var foreground: Int
    package var validated: Bool
    /// Rows the person approves in a list (indices modulo the count).
    package var picks: [Int]
    /// How the app drew the button, from ``Vocabulary/buttonLooks`` (format version 4).
    package var look: Int
    /// Colours of any value, in place of ``foreground``'s gray and the look's background.
    package var colors: ButtonColors?

    package init(query: QueryText, ignoredEmail: Int? = nil, ignoredPhone: Int? = nil, foreground: Int = 0,
                 validated: Bool = true, picks: [Int] = [], look: Int = 0, colors: ButtonColors? = nil) {
        self.query = query
        self.ignoredEmail = ignoredEmail
        self.ignoredPhone = ignoredPhone
        self.foreground = foreground
        self.validated = validated
        self.picks = picks
        self.look = look
        self.colors = colors
    }
}

/// The button's three colours as raw 8-bit sRGB: the primary text, the action label's tint
/// and the background (format version 4, the tap's flags bit 3).
package struct ButtonColors: Hashable, Sendable {
    package var foreground: RGB
    package var tint: RGB
    package var background: RGB

    package init(foreground: RGB, tint: RGB, background: RGB) {
        self.foreground = foreground
        self.tint = tint
        self.background = background
    }
}

/// One 8-bit sRGB colour.
package struct RGB: Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
