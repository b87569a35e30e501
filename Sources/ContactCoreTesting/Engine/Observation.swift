import ContactCore

/// A string compared by its exact UTF-8 bytes, as the contract compares identifiers.
///
/// `String`'s `==` treats canonically equivalent spellings ("\u{212A}" and "K") as equal; a
/// model keyed by `String` would alias exactly the identifiers it must keep apart, and would
/// not notice a store that silently normalizes a name.
struct ExactString: Hashable, Comparable, Sendable, CustomStringConvertible {
    let utf8: [UInt8]

    init(_ string: String) { utf8 = Array(string.utf8) }

    var string: String { String(decoding: utf8, as: UTF8.self) }

    /// The contract's identifier order: UTF-8 bytes.
    static func < (lhs: ExactString, rhs: ExactString) -> Bool { lhs.utf8.lexicographicallyPrecedes(rhs.utf8) }

    var description: String { ProgramPrinter.literal(string) }
}

/// An identifier of a contact, group or container.
typealias RecordID = ExactString

/// What one operation produced, in a form the model and the store can both give and that
/// compares exactly. The runner computes one from the store and one from the model.
indirect enum Observation: Equatable, Sendable, CustomStringConvertible {
    case contact(ContactSnapshot)
    case contacts([ContactSnapshot])
    case granted(Bool)
    /// Identifiers an access picker reports newly granted.
    case identifiers([RecordID])
    case groups([GroupSnapshot])
    case containers([RecordID])
    case saved
    case done
    case failed(ErrorSnapshot)
    /// An access button tap that granted nothing, and why ("declined", "illegible", …).
    case refused(String)
    /// A fetch, then the save of the edited copy.
    case then(Observation, Observation)

    var description: String {
        switch self {
        case .contact(let contact): "contact \(contact)"
        case .contacts(let contacts): "\(contacts.count) contacts \(contacts.map(\.identifier))" + (contacts.isEmpty ? "" : ": \(contacts)")
        case .granted(let granted): "granted: \(granted)"
        case .identifiers(let identifiers): "identifiers \(identifiers)"
        case .groups(let groups): "groups \(groups)"
        case .containers(let containers): "containers \(containers)"
        case .saved: "saved"
        case .done: "done"
        case .failed(let error): "error \(error)"
        case .refused(let reason): "refused: \(reason)"
        case .then(let first, let second): "\(first), then \(second)"
        }
    }

    var error: ErrorSnapshot? {
        if case .failed(let error) = self { return error }
        return nil
    }
}

/// A fetched contact: identifier, type, the keys it carries, and the values of the keys the
/// model tracks (`nil`: not fetched).
struct ContactSnapshot: Equatable, Sendable, CustomStringConvertible {
    var identifier: RecordID
    var contactType: ContactType
    var keys: [ContactKey]
    var givenName: ExactString?
    var familyName: ExactString?
    var organizationName: ExactString?
    var phoneNumbers: [LabeledText]?
    var emailAddresses: [LabeledText]?
    var note: ExactString?
    var birthday: ContactDate??
    /// Keys whose reads disagreed with `isKeyAvailable`: a value for an unfetched key, or an
    /// error for a fetched one. Always empty from the model.
    var misreadKeys: [ContactKey] = []

    var description: String {
        var parts = ["\(identifier)"]
        if let givenName { parts.append("given \(givenName)") }
        if let familyName { parts.append("family \(familyName)") }
        if let organizationName, !organizationName.utf8.isEmpty { parts.append("org \(organizationName)") }
        if let phoneNumbers, !phoneNumbers.isEmpty { parts.append("phones \(phoneNumbers)") }
        if let emailAddresses, !emailAddresses.isEmpty { parts.append("emails \(emailAddresses)") }
        if let note, !note.utf8.isEmpty { parts.append("note \(note)") }
        if let birthday, let date = birthday { parts.append("birthday \(date.month)/\(date.day)") }
        parts.append("keys \(keys.map(\.rawValue))")
        if !misreadKeys.isEmpty { parts.append("MISREAD \(misreadKeys.map(\.rawValue))") }
        return "(" + parts.joined(separator: " ") + ")"
    }
}

/// A labeled value's label and value, exactly.
struct LabeledText: Hashable, Sendable, CustomStringConvertible {
    var label: ExactString?
    var value: ExactString

    init(label: String?, value: String) {
        self.label = label.map(ExactString.init)
        self.value = ExactString(value)
    }

    var description: String { "\(label.map { "\($0): " } ?? "")\(value)" }
}

struct GroupSnapshot: Equatable, Sendable, CustomStringConvertible {
    var identifier: RecordID
    var name: ExactString
    var containerIdentifier: RecordID

    var description: String { "(\(identifier) \(name))" }
}

/// The parts of a ``ContactCore/ContactError`` the contract fixes: the code, the records it
/// names, and for several validation failures each one (in request order).
struct ErrorSnapshot: Error, Equatable, Sendable, CustomStringConvertible {
    var code: ContactError.Code
    var identifiers: [RecordID]
    var underlying: [ErrorSnapshot] = []

    /// Stands for an identifier of a record the failed request would have created: the store
    /// rolled it back, so the model cannot know it.
    static let unsaved = RecordID("<unsaved record>")

    init(_ code: ContactError.Code, _ identifiers: [RecordID] = [], underlying: [ErrorSnapshot] = []) {
        self.code = code
        self.identifiers = identifiers
        self.underlying = underlying
    }

    init(_ error: ContactError) {
        code = error.code
        identifiers = error.affectedIdentifiers.map(RecordID.init)
        underlying = error.underlyingErrors.map(ErrorSnapshot.init)
    }

    var description: String {
        var text = "\(code)"
        if !identifiers.isEmpty { text += " \(identifiers)" }
        if !underlying.isEmpty { text += " \(underlying)" }
        return text
    }
}
