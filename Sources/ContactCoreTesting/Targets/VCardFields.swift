import ContactCore
import Foundation

/// Every field of a contact, for comparing two readers' contacts byte for byte.
///
/// `String`'s `==` is canonical equivalence (`é` equals `e` and a combining accent), which
/// would hide a reader that normalises; here texts compare by their UTF-8 bytes.
package enum VCardFields {
    package enum Value: Equatable {
        case text(String)
        case date(ContactDate?)
        case data(Data?)
        case type(ContactType)

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): a.utf8.elementsEqual(b.utf8)
            case (.date(let a), .date(let b)): a == b
            case (.data(let a), .data(let b)): a == b
            case (.type(let a), .type(let b)): a == b
            default: false
            }
        }

        /// The value with every byte visible: non-ASCII and control scalars as `\u{…}`.
        package var shown: String {
            switch self {
            case .text(let text):
                "\"" + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\\" && $0 != "\"" ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
            case .date(let date): date.map { "\($0.year.map(String.init) ?? "----")-\($0.month)-\($0.day) (\($0.calendar))" } ?? "nil"
            case .data(let data): data.map { "\($0.count) bytes \($0.prefix(8).map { String($0, radix: 16) }.joined(separator: " "))" } ?? "nil"
            case .type(let type): "\(type)"
            }
        }
    }

    /// Calls `body` with each field's path (made only when asked for) and value, in a fixed order.
    package static func visit(_ contact: MutableContact, _ body: (_ path: () -> String, _ value: Value) -> Void) {
        body({ "contactType" }, .type(contact.contactType))
        let texts: [(String, String)] = [
            ("namePrefix", contact.namePrefix), ("givenName", contact.givenName), ("middleName", contact.middleName),
            ("familyName", contact.familyName), ("previousFamilyName", contact.previousFamilyName),
            ("nameSuffix", contact.nameSuffix), ("nickname", contact.nickname), ("phoneticGivenName", contact.phoneticGivenName),
            ("phoneticMiddleName", contact.phoneticMiddleName), ("phoneticFamilyName", contact.phoneticFamilyName),
            ("organizationName", contact.organizationName), ("phoneticOrganizationName", contact.phoneticOrganizationName),
            ("departmentName", contact.departmentName), ("jobTitle", contact.jobTitle), ("note", contact.note),
        ]
        for (name, text) in texts { body({ name }, .text(text)) }
        func labeled<V>(_ name: String, _ entries: [LabeledValue<V>], _ parts: (V) -> [(String, String)]) {
            body({ "\(name).count" }, .text(String(entries.count)))
            for (index, entry) in entries.enumerated() {
                body({ "\(name)[\(index)].label" }, .text(entry.label?.rawValue ?? "(none)"))
                for (part, text) in parts(entry.value) { body({ "\(name)[\(index)].\(part)" }, .text(text)) }
            }
        }
        labeled("phoneNumbers", contact.phoneNumbers) { [("value", $0.stringValue)] }
        labeled("emailAddresses", contact.emailAddresses) { [("value", $0)] }
        labeled("postalAddresses", contact.postalAddresses) {
            [("street", $0.street), ("subLocality", $0.subLocality), ("city", $0.city), ("subAdministrativeArea", $0.subAdministrativeArea),
             ("state", $0.state), ("postalCode", $0.postalCode), ("country", $0.country), ("isoCountryCode", $0.isoCountryCode)]
        }
        labeled("urlAddresses", contact.urlAddresses) { [("value", $0)] }
        labeled("socialProfiles", contact.socialProfiles) {
            [("urlString", $0.urlString), ("username", $0.username), ("userIdentifier", $0.userIdentifier), ("service", $0.service)]
        }
        labeled("instantMessageAddresses", contact.instantMessageAddresses) { [("username", $0.username), ("service", $0.service)] }
        labeled("contactRelations", contact.contactRelations) { [("name", $0.name)] }
        labeled("dates", contact.dates) { [("value", $0.year.map(String.init) ?? "-"), ("month", String($0.month)), ("day", String($0.day))] }
        body({ "birthday" }, .date(contact.birthday))
        body({ "nonGregorianBirthday" }, .date(contact.nonGregorianBirthday))
        body({ "imageData" }, .data(contact.imageData))
        body({ "thumbnailImageData" }, .data(contact.thumbnailImageData))
    }

    /// Whether every field of `a` and `b` has the same bytes.
    package static func same(_ a: MutableContact, _ b: MutableContact) -> Bool {
        var values: [Value] = []
        visit(a) { _, value in values.append(value) }
        var index = 0
        var same = true
        visit(b) { _, value in
            same = same && index < values.count && values[index] == value
            index += 1
        }
        return same && index == values.count
    }

    /// The fields where `a` and `b` differ, as `path: a ≠ b` lines.
    package static func differences(_ a: MutableContact, _ b: MutableContact, _ first: String, _ second: String) -> [String] {
        var left: [(String, Value)] = []
        visit(a) { path, value in left.append((path(), value)) }
        var right: [(String, Value)] = []
        visit(b) { path, value in right.append((path(), value)) }
        var lines: [String] = []
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? left[index] : nil
            let r = index < right.count ? right[index] : nil
            guard l?.1 != r?.1 || l?.0 != r?.0 else { continue }
            lines.append("\(l?.0 ?? r?.0 ?? "?"): \(first) \(l?.1.shown ?? "—"), \(second) \(r?.1.shown ?? "—")")
            // Once the lists' shapes part (a count differs), later pairs are misaligned.
            if l?.0 != r?.0 { break }
        }
        return lines
    }
}
