/// What the person sees of an app's ``ContactAccessButton``: drawn by the system, never
/// readable by the app.
///
/// Only ``ContactDevice`` makes one, for the person's side of a host or test; an app's
/// ``ContactStore`` API never returns one.
public struct ContactAccessButtonView: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        /// The app's status is neither `limited` nor `notDetermined`: nothing is drawn.
        case hidden
        /// No contact outside the app's permitted set matches.
        case noMatch
        /// One match: its name and caption; a tap approves it.
        case single(Row)
        /// Several matches, best first: the button says how many, and a tap opens this list.
        case list([Row])
    }

    /// One matching contact as the person sees it.
    public struct Row: Hashable, Sendable {
        /// Not shown; it is how the person's choice names the row.
        public let identifier: String
        public let name: String
        /// The detail the caption setting picks, if the contact has one.
        public let caption: String?
    }

    public let content: Content
    public let appearance: ContactAccessButton.Appearance
    /// What would make the system ignore a tap; empty when the button is legible.
    public let legibilityProblems: [ContactAccessButton.LegibilityProblem]

    /// The rows shown, single or listed.
    public var rows: [Row] {
        switch content {
        case .hidden, .noMatch: []
        case .single(let row): [row]
        case .list(let rows): rows
        }
    }
}

extension ContactAccessButtonView.Row {
    init(_ hit: SearchHit, fields: ContactFields, caption setting: ContactAccessButton.Caption) {
        identifier = hit.identifier
        name = Self.displayName(of: fields)
        let matchedPhone = hit.matchedPhone.map { fields.phoneNumbers[$0].value.stringValue }
        let matchedEmail = hit.matchedEmail.map { fields.emailAddresses[$0].value }
        let firstPhone = fields.phoneNumbers.first { !$0.value.stringValue.isEmpty }?.value.stringValue
        let firstEmail = fields.emailAddresses.first { !$0.value.isEmpty }?.value
        caption = switch setting {
        case .phone: matchedPhone ?? firstPhone
        case .email: matchedEmail ?? firstEmail
        case .defaultText:
            matchedPhone ?? matchedEmail ?? (fields.organizationName.isEmpty ? nil : fields.organizationName)
        }
    }

    /// Given, middle and family names with spaces, or family then given without one when
    /// both are written in Han, kana or Hangul; else the organization, nickname, an
    /// address or a number.
    static func displayName(of fields: ContactFields) -> String {
        if let end = fields.familyName.unicodeScalars.last, let start = fields.givenName.unicodeScalars.first,
           CJKForms.isCJK(end), CJKForms.isCJK(start) {
            return fields.familyName + fields.middleName + fields.givenName
        }
        let person = [fields.givenName, fields.middleName, fields.familyName].filter { !$0.isEmpty }
        if !person.isEmpty { return person.joined(separator: " ") }
        let fallbacks = [fields.organizationName, fields.nickname]
            + fields.emailAddresses.map(\.value) + fields.phoneNumbers.map(\.value.stringValue)
        return fallbacks.first { !$0.isEmpty } ?? ""
    }
}
