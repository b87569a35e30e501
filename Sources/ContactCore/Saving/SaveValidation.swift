/// The checks a save request passes before it touches the store. They depend only on the
/// request, never on what the store holds, so they can reveal nothing about it.
extension SaveRequest {
    /// Throws ``ContactError/Code/unauthorizedKeys`` for a non-empty note without the entitlement.
    func checkEntitlements(hasNotesEntitlement: Bool) throws(ContactError) {
        guard !hasNotesEntitlement else { return }
        for operation in operations {
            let contact: MutableContact? = switch operation {
            case .addContact(let contact, _, _), .updateContact(_, let contact): contact
            default: nil
            }
            if let contact, contact.isKeyAvailable(.note), !contact.fields.note.isEmpty {
                throw ContactError(.unauthorizedKeys, "Writing the note needs the notes entitlement.",
                                   affectedIdentifiers: contact.identifier.map { [$0] } ?? [], affectedKeys: [.note])
            }
        }
    }

    /// Every validation failure (3xx): one is thrown as itself, several as
    /// ``ContactError/Code/validationMultipleErrors`` listing each.
    func validate() throws(ContactError) {
        var failures: [ContactError] = []
        for operation in operations {
            switch operation {
            case .addContact(let contact, _, _), .updateContact(_, let contact):
                failures += Self.validationFailures(of: contact)
            case .addGroup(let group, _, _), .updateGroup(_, let group):
                if group.name.allSatisfy(\.isWhitespace) {
                    failures.append(ContactError(.validationConfigurationError, "A group needs a name.",
                                                 affectedIdentifiers: group.identifier.map { [$0] } ?? []))
                }
            default:
                continue
            }
        }
        switch failures.count {
        case 0: return
        case 1: throw failures[0]
        default:
            throw ContactError(.validationMultipleErrors, "\(failures.count) values are invalid.",
                               affectedIdentifiers: Array(Set(failures.flatMap(\.affectedIdentifiers))).sorted(by: ContactIdentifier.precedes),
                               underlyingErrors: failures)
        }
    }

    private static func validationFailures(of contact: MutableContact) -> [ContactError] {
        let fields = contact.fields
        let identifiers = contact.identifier.map { [$0] } ?? []
        var failures: [ContactError] = []
        func checkDate(_ date: ContactDate?, _ key: ContactKey) {
            guard contact.isKeyAvailable(key), let date, !date.isValid else { return }
            failures.append(ContactError(.validationTypeMismatch, "\(key.rawValue) is not a valid date.",
                                         affectedIdentifiers: identifiers, affectedKeys: [key]))
        }
        checkDate(fields.birthday, .birthday)
        checkDate(fields.nonGregorianBirthday, .nonGregorianBirthday)
        for date in fields.dates { checkDate(date.value, .dates) }

        if contact.isKeyAvailable(.postalAddresses),
           let code = fields.postalAddresses.lazy.map(\.value.isoCountryCode).first(where: { !CountryCode.isValid($0) }) {
            failures.append(ContactError(.validationTypeMismatch,
                                         "isoCountryCode \"\(code.prefix(64))\" is not an ISO 3166-1 alpha-2 code (two letters, as \"us\").",
                                         affectedIdentifiers: identifiers, affectedKeys: [.postalAddresses]))
        }

        let labels: [(ContactKey, [ContactLabel?])] = [
            (.phoneNumbers, fields.phoneNumbers.map(\.label)),
            (.emailAddresses, fields.emailAddresses.map(\.label)),
            (.postalAddresses, fields.postalAddresses.map(\.label)),
            (.urlAddresses, fields.urlAddresses.map(\.label)),
            (.socialProfiles, fields.socialProfiles.map(\.label)),
            (.instantMessageAddresses, fields.instantMessageAddresses.map(\.label)),
            (.contactRelations, fields.contactRelations.map(\.label)),
            (.dates, fields.dates.map(\.label)),
        ]
        for (key, keyLabels) in labels where contact.isKeyAvailable(key) {
            if keyLabels.contains(where: { $0?.rawValue.isEmpty == true }) {
                failures.append(ContactError(.validationConfigurationError,
                                             "A label of \(key.rawValue) is empty; use no label instead.",
                                             affectedIdentifiers: identifiers, affectedKeys: [key]))
            }
        }
        return failures
    }
}
