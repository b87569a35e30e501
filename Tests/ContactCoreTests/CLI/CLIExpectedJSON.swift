import ContactCore
import Foundation

/// What `contactcore … --format json` must print for values the library returned, written from
/// the output's documented shape (Decisions, "The command-line tool": stable field names, a
/// labeled value as `{identifier, label, value}` with Apple's raw label, a missing date or
/// image `null`, an empty text `""`), not from the tool's code: the oracle of
/// `CLIPropertyTests`.
enum CLIExpectedJSON {
    typealias Object = [String: Any]

    static func contact(_ contact: Contact) -> Object {
        var object: Object = ["identifier": contact.identifier, "contactType": "\(contact.contactType)"]
        for key in contact.availableKeys { object[key.rawValue] = value(of: contact, key) }
        return object
    }

    static func contacts(_ contacts: [Contact]) -> [Any] { contacts.map(contact) }

    static func date(_ date: ContactDate?) -> Any {
        guard let date else { return NSNull() }
        return ["calendar": date.calendar, "year": date.year.map { $0 as Any } ?? NSNull(), "month": date.month, "day": date.day]
    }

    static func address(_ address: PostalAddress) -> Object {
        ["street": address.street, "subLocality": address.subLocality, "city": address.city,
         "subAdministrativeArea": address.subAdministrativeArea, "state": address.state, "postalCode": address.postalCode,
         "country": address.country, "isoCountryCode": address.isoCountryCode]
    }

    private static func list<V>(_ values: [LabeledValue<V>], _ value: (V) -> Any) -> [Any] {
        values.map { ["identifier": $0.identifier, "label": $0.label.map { $0.rawValue as Any } ?? NSNull(), "value": value($0.value)] }
    }

    private static func image(_ data: Data?) -> Any { data.map { $0.base64EncodedString() as Any } ?? NSNull() }

    /// The value of a key the contact carries (its getter cannot throw then).
    private static func value(of c: Contact, _ key: ContactKey) -> Any {
        switch key {
        case .namePrefix: (try? c.namePrefix) ?? ""
        case .givenName: (try? c.givenName) ?? ""
        case .middleName: (try? c.middleName) ?? ""
        case .familyName: (try? c.familyName) ?? ""
        case .previousFamilyName: (try? c.previousFamilyName) ?? ""
        case .nameSuffix: (try? c.nameSuffix) ?? ""
        case .nickname: (try? c.nickname) ?? ""
        case .phoneticGivenName: (try? c.phoneticGivenName) ?? ""
        case .phoneticMiddleName: (try? c.phoneticMiddleName) ?? ""
        case .phoneticFamilyName: (try? c.phoneticFamilyName) ?? ""
        case .organizationName: (try? c.organizationName) ?? ""
        case .phoneticOrganizationName: (try? c.phoneticOrganizationName) ?? ""
        case .departmentName: (try? c.departmentName) ?? ""
        case .jobTitle: (try? c.jobTitle) ?? ""
        case .note: (try? c.note) ?? ""
        case .phoneNumbers: list((try? c.phoneNumbers) ?? []) { $0.stringValue }
        case .emailAddresses: list((try? c.emailAddresses) ?? []) { $0 }
        case .urlAddresses: list((try? c.urlAddresses) ?? []) { $0 }
        case .postalAddresses: list((try? c.postalAddresses) ?? [], address)
        case .socialProfiles:
            list((try? c.socialProfiles) ?? []) {
                ["urlString": $0.urlString, "username": $0.username, "userIdentifier": $0.userIdentifier, "service": $0.service]
            }
        case .instantMessageAddresses: list((try? c.instantMessageAddresses) ?? []) { ["service": $0.service, "username": $0.username] }
        case .contactRelations: list((try? c.contactRelations) ?? []) { ["name": $0.name] }
        case .dates: list((try? c.dates) ?? [], date)
        case .birthday: date((try? c.birthday) ?? nil)
        case .nonGregorianBirthday: date((try? c.nonGregorianBirthday) ?? nil)
        case .imageData: image((try? c.imageData) ?? nil)
        case .thumbnailImageData: image((try? c.thumbnailImageData) ?? nil)
        }
    }

    /// An app's access: `{bundleIdentifier, status, permitted}`, the identifiers sorted.
    static func app(_ bundleIdentifier: String, on device: ContactDevice) -> Object {
        ["bundleIdentifier": bundleIdentifier, "status": "\(device.authorizationStatus(for: bundleIdentifier))",
         "permitted": device.permittedIdentifiers(for: bundleIdentifier).sorted()]
    }

    /// A vCard problem, its card counted from 1.
    static func problem(_ error: VCardError) -> Object {
        ["card": error.card + 1, "line": error.line, "property": error.property.map { $0 as Any } ?? NSNull(),
         "code": error.code.rawValue, "reason": "\(error.code)", "message": error.message]
    }

    /// What `init --vcard` and `import` print.
    static func importResult(_ result: VCardStoreImport?) -> Object {
        let warnings = result?.warnings ?? []
        return [
            "identifiers": result?.identifiers ?? [],
            "skippedCards": (result?.errors ?? []).map(problem),
            "skippedProperties": warnings.filter { $0.code != .missingEnd && $0.code != .truncatedBase64 }.map(problem),
            "skippedPropertyCounts": result?.report.skippedPropertyNames ?? [:],
            "keptInPart": warnings.filter { $0.code == .truncatedBase64 }.map(problem),
            "unclosedCards": warnings.filter { $0.code == .missingEnd }.map(problem),
            "ignoredProperties": result?.report.ignoredPropertyNames ?? [:],
        ]
    }

    static func buttonView(_ view: ContactAccessButtonView) -> Object {
        let content = switch view.content {
        case .hidden: "hidden"
        case .noMatch: "noMatch"
        case .single: "single"
        case .list: "list"
        }
        return [
            "content": content,
            "rows": view.rows.map { ["identifier": $0.identifier, "name": $0.name, "caption": $0.caption.map { $0 as Any } ?? NSNull()] },
            "legibilityProblems": view.legibilityProblems.map { "\($0)" },
        ]
    }

    static func tap(_ outcome: ContactAccessButton.TapOutcome) -> Object {
        switch outcome {
        case .approved(let identifiers): ["result": "approved", "identifiers": identifiers, "refusal": NSNull()]
        case .declined: ["result": "declined", "identifiers": [String](), "refusal": NSNull()]
        case .refused(let refusal):
            ["result": "refused", "identifiers": [String](), "refusal": String("\(refusal)".prefix { $0 != "(" })]
        }
    }

    static func history(_ history: ChangeHistory) -> Object {
        [
            "events": history.events.map(event),
            "fullSyncReason": history.fullSyncReason.map { "\($0)" as Any } ?? NSNull(),
            "token": Data(history.currentToken.bytes).base64EncodedString(),
        ]
    }

    static func event(_ event: ChangeHistoryEvent) -> Object {
        func group(_ g: ContactGroup) -> Object { ["identifier": g.identifier, "name": g.name, "containerIdentifier": g.containerIdentifier] }
        return switch event {
        case .dropEverything: ["type": "dropEverything"]
        case .addContact(let c, let container): ["type": "addContact", "contact": contact(c), "containerIdentifier": container]
        case .updateContact(let c): ["type": "updateContact", "contact": contact(c)]
        case .deleteContact(let id): ["type": "deleteContact", "identifier": id]
        case .addGroup(let g): ["type": "addGroup", "group": group(g)]
        case .updateGroup(let g): ["type": "updateGroup", "group": group(g)]
        case .deleteGroup(let id): ["type": "deleteGroup", "identifier": id]
        case .addMember(let c, let g): ["type": "addMember", "contactIdentifier": c, "groupIdentifier": g]
        case .removeMember(let c, let g): ["type": "removeMember", "contactIdentifier": c, "groupIdentifier": g]
        case .addSubgroup(let g, let p): ["type": "addSubgroup", "groupIdentifier": g, "parentIdentifier": p]
        case .removeSubgroup(let g, let p): ["type": "removeSubgroup", "groupIdentifier": g, "parentIdentifier": p]
        }
    }

    /// `value` as `JSONSerialization` reads it back, so that it compares with a parsed output.
    static func normalized(_ value: Any) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]),
                                         options: [.fragmentsAllowed])
    }

    /// The first place two parsed JSON values differ, as a path and both values; `nil` if equal.
    static func difference(_ output: Any, _ expected: Any, at path: String = "$") -> String? {
        switch (output, expected) {
        case let (o as [String: Any], e as [String: Any]):
            for key in Set(o.keys).union(e.keys).sorted() {
                guard let left = o[key] else { return "\(path).\(key): missing from the output (expected \(e[key] ?? ""))" }
                guard let right = e[key] else { return "\(path).\(key): in the output (\(left)), not expected" }
                if let found = difference(left, right, at: "\(path).\(key)") { return found }
            }
            return nil
        case let (o as [Any], e as [Any]):
            guard o.count == e.count else { return "\(path): \(o.count) elements, expected \(e.count): \(o) against \(e)" }
            for (index, (left, right)) in zip(o, e).enumerated() {
                if let found = difference(left, right, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case (is NSNull, is NSNull):
            return nil
        case let (o as String, e as String):
            return o == e ? nil : "\(path): \(o.debugDescription), expected \(e.debugDescription)"
        case let (o as NSNumber, e as NSNumber):
            return o == e ? nil : "\(path): \(o), expected \(e)"
        default:
            return "\(path): \(output), expected \(expected)"
        }
    }
}
