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
    /// Updates with a new `MutableContact` (it carries every key).
    case update(Ref, Draft)
    case delete(Ref)
    case addGroup(name: String)
    case deleteGroup(GroupRef)
    case addMember(Ref, GroupRef)
    case removeMember(Ref, GroupRef)
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

    package init(person: Int, organization: Int = 0, phone: Int? = nil, email: Int? = nil, note: String = "",
                 birthday: ContactDate? = nil) {
        self.person = person
        self.organization = organization
        self.phone = phone
        self.email = email
        self.note = note
        self.birthday = birthday
    }
}

/// Keys to fetch, as a bit set over ``Keys/all``.
package struct Keys: Hashable, Sendable {
    package var bits: UInt8
    package init(bits: UInt8) { self.bits = bits }
    package static let all: [ContactKey] = [.givenName, .familyName, .organizationName, .phoneNumbers, .emailAddresses,
                                             .note, .birthday]
    /// In `ContactKey`'s declaration order, as `Contact.availableKeys` lists them.
    package var keys: [ContactKey] { Keys.byBits[Int(bits & 0x7F)] }
    /// Every subset of ``all`` by its bits, made once: runs ask for keys at every fetch and compare.
    private static let byBits: [[ContactKey]] = (0..<128).map { bits in
        ContactKey.allCases.filter { key in all.firstIndex(of: key).map { bits & (1 << $0) != 0 } ?? false }
    }
    package static let everything = Keys(bits: 0x7F)
    package static let everythingButNote = Keys(bits: 0x5F)
}

package enum Query: Hashable, Sendable {
    case all
    case identifiers([Ref])
    /// Name text and its tokens as SPEC 7 normalizes it (written by hand in the vocabulary).
    case name(QueryText)
    case phone(Int)
    case email(Int)
    case group(GroupRef)
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

    package init(query: QueryText, ignoredEmail: Int? = nil, ignoredPhone: Int? = nil, foreground: Int = 0,
                 validated: Bool = true, picks: [Int] = []) {
        self.query = query
        self.ignoredEmail = ignoredEmail
        self.ignoredPhone = ignoredPhone
        self.foreground = foreground
        self.validated = validated
        self.picks = picks
    }
}
