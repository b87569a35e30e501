import ContactCore

/// A branch operation resolved at the fork against the identifiers the run has then: what a
/// thread calls the device with and what ``Linearization`` replays on the model.
enum Call: Sendable {
    case request(app: Int)
    case settings(app: Int, SettingsChange)
    case restrict(app: Int, Bool)
    case save(app: Int, author: String?, SaveCall)
    /// `scope`: the identifier a group or container predicate names, looked up in the model when it lands.
    case fetch(app: Int, Query, predicate: ContactPredicate?, ids: [String], scope: String?, keys: Keys, sort: SortOrder)
    case fetchOne(app: Int, id: String, keys: Keys)
    case button(app: Int, Tap)
    /// The second call of an edit (``Op/editFetched(app:_:keys:givenPerson:)``): the contact the
    /// branch's previous call fetched, with a new given name, saved.
    case saveFetched(app: Int, id: String, keys: Keys, givenPerson: Int)
    /// `history`: when the call lands, ``Runner/TokenPosition`` means what the state then says.
    case history(app: Int, token: HistoryToken?, position: Runner.TokenPosition, excluding: String?, includeGroups: Bool)
    case accessPicker(app: Int, AccessPickerSelection)
    case contactPicker(app: Int, chosen: [String], keys: Keys)
}

/// A save as ``Runner/saveRequest(author:steps:)`` builds it.
struct SaveCall: Sendable {
    var request: SaveRequest
    var steps: [Model.SaveStep]
    var contacts: [(reference: SaveRequest.ContactReference, number: Int)]
    var groups: [(reference: SaveRequest.GroupReference, number: Int)]
}

/// What one call of a branch returned, in the model's terms.
enum Seen: Hashable, Sendable {
    case access(Outcome<Bool>)
    case settings(ContactError.Code?)
    case done
    /// The outcome, and the identifiers the store gave the request's adds (by reference number).
    case save(Model.SaveOutcome, contacts: [Int: String], groups: [Int: String])
    case rows(Outcome<[Row]>)
    /// The rows the button showed (`nil`: hidden), then the tap's outcome.
    case button(view: [String]?, tap: Model.TapResult)
    /// What the access picker's callback received.
    case picked(Outcome<[String]>)
    case history(Outcome<HistorySeen>)
    /// A call the branch did not make: the save of an edit whose fetch failed.
    case skipped
}

/// What a history fetch returned: its events, the values of each contact an event adds or
/// updates (with every key the app may fetch), the token and why it was a full sync.
struct HistorySeen: Hashable, Sendable {
    var events: [Model.Event]
    var rows: [Row]
    var token: HistoryToken
    var reason: FullSyncReason?
}

/// A fetched contact: its identifier, its type (every fetched contact carries it) and the value
/// of each key fetched, as text; the further names and details (fetched together) as one text.
struct Row: Hashable, Sendable {
    var id: String
    var type: ContactType
    var values: [String?]
    var rest: String?

    init(_ contact: Contact, keys: Keys) {
        id = contact.identifier
        type = contact.contactType
        rest = keys.includesRest ? Row.rest(contact.mutableCopy()) : nil
        values = keys.keys.map { key in
            switch key {
            case .givenName: try? contact.givenName
            case .familyName: try? contact.familyName
            case .organizationName: try? contact.organizationName
            case .phoneNumbers: (try? contact.phoneNumbers).map { Row.list($0.map(\.value.stringValue)) }
            case .emailAddresses: (try? contact.emailAddresses).map { Row.list($0.map(\.value)) }
            case .note: try? contact.note
            case .birthday: Row.text(try? contact.birthday)
            default: nil
            }
        }
    }

    init(_ c: Model.Contact, keys: Keys) {
        id = c.id
        type = c.more.isOrganization ? .organization : .person
        rest = keys.includesRest ? Row.rest(Draft(person: c.person, more: c.more).mutableContact) : nil
        values = keys.keys.map { key in
            switch key {
            case .givenName: Vocabulary.people[c.givenPerson].given
            case .familyName: Vocabulary.people[c.person].family
            case .organizationName: Vocabulary.organizations[c.organization].name
            case .phoneNumbers: Row.list(c.phones.map { Vocabulary.phones[$0.value].text })
            case .emailAddresses: Row.list(c.emails.map { Vocabulary.emails[$0.value] })
            case .note: c.note
            case .birthday: Row.text(c.birthday)
            default: nil
            }
        }
    }

    /// Every field but the seven of ``Keys/all`` and the type, each with its place.
    private static func rest(_ contact: MutableContact) -> String {
        VCardFields.fields(contact).compactMap { field in
            let name = field.path.prefix { $0 != "[" && $0 != "." }
            return main.contains(String(name)) ? nil : "\(field.path)=\(field.value.shown)"
        }.joined(separator: ";")
    }

    private static let main = Set(Keys.all.map(\.rawValue) + ["contactType"])

    /// A list as one text that tells every list apart: each value after its length, so that no
    /// address and one empty address, or one address holding a line break and two, differ.
    private static func list(_ values: [String]) -> String {
        values.map { "\($0.utf8.count):\($0)" }.joined(separator: ",")
    }

    private static func text(_ date: ContactDate?) -> String {
        date.map { "\($0.year.map(String.init) ?? "-")-\($0.month)-\($0.day)" } ?? "none"
    }
}
