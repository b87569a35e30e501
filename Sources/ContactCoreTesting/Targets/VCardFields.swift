import ContactCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

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
            case (.text(var a), .text(var b)):
                // memcmp: a byte loop of ours is slow under fuzzing's compare tracing.
                a.withUTF8 { a in
                    b.withUTF8 { b in
                        guard a.count == b.count, let first = a.baseAddress, let second = b.baseAddress else { return a.count == b.count }
                        return memcmp(first, second, a.count) == 0
                    }
                }
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
    package static func visit(_ contact: MutableContact, _ visitor: (_ path: () -> String, _ value: Value) -> Void) {
        // The labeled lists hand their parts to a closure that calls `visitor`: allowed once
        // `visitor` is seen as escaping, which it does not (it is used only during this call).
        withoutActuallyEscaping(visitor) { body in visit(contact, escaping: body) }
    }

    private static func visit(_ contact: MutableContact, escaping body: @escaping (_ path: () -> String, _ value: Value) -> Void) {
        body({ "contactType" }, .type(contact.contactType))
        body({ "namePrefix" }, .text(contact.namePrefix))
        body({ "givenName" }, .text(contact.givenName))
        body({ "middleName" }, .text(contact.middleName))
        body({ "familyName" }, .text(contact.familyName))
        body({ "previousFamilyName" }, .text(contact.previousFamilyName))
        body({ "nameSuffix" }, .text(contact.nameSuffix))
        body({ "nickname" }, .text(contact.nickname))
        body({ "phoneticGivenName" }, .text(contact.phoneticGivenName))
        body({ "phoneticMiddleName" }, .text(contact.phoneticMiddleName))
        body({ "phoneticFamilyName" }, .text(contact.phoneticFamilyName))
        body({ "organizationName" }, .text(contact.organizationName))
        body({ "phoneticOrganizationName" }, .text(contact.phoneticOrganizationName))
        body({ "departmentName" }, .text(contact.departmentName))
        body({ "jobTitle" }, .text(contact.jobTitle))
        body({ "note" }, .text(contact.note))
        func labeled<V>(_ name: String, _ entries: [LabeledValue<V>], _ parts: (V, (String, String) -> Void) -> Void) {
            body({ "\(name).count" }, .text(String(entries.count)))
            for (index, entry) in entries.enumerated() {
                body({ "\(name)[\(index)].label" }, .text(entry.label?.rawValue ?? "(none)"))
                parts(entry.value) { part, text in body({ "\(name)[\(index)].\(part)" }, .text(text)) }
            }
        }
        labeled("phoneNumbers", contact.phoneNumbers) { $1("value", $0.stringValue) }
        labeled("emailAddresses", contact.emailAddresses) { $1("value", $0) }
        labeled("postalAddresses", contact.postalAddresses) { address, part in
            part("street", address.street)
            part("subLocality", address.subLocality)
            part("city", address.city)
            part("subAdministrativeArea", address.subAdministrativeArea)
            part("state", address.state)
            part("postalCode", address.postalCode)
            part("country", address.country)
            part("isoCountryCode", address.isoCountryCode)
        }
        labeled("urlAddresses", contact.urlAddresses) { $1("value", $0) }
        labeled("socialProfiles", contact.socialProfiles) { profile, part in
            part("urlString", profile.urlString)
            part("username", profile.username)
            part("userIdentifier", profile.userIdentifier)
            part("service", profile.service)
        }
        labeled("instantMessageAddresses", contact.instantMessageAddresses) { address, part in
            part("username", address.username)
            part("service", address.service)
        }
        labeled("contactRelations", contact.contactRelations) { $1("name", $0.name) }
        body({ "dates.count" }, .text(String(contact.dates.count)))
        for (index, entry) in contact.dates.enumerated() {
            body({ "dates[\(index)].label" }, .text(entry.label?.rawValue ?? "(none)"))
            body({ "dates[\(index)].value" }, .date(entry.value))
        }
        body({ "birthday" }, .date(contact.birthday))
        body({ "nonGregorianBirthday" }, .date(contact.nonGregorianBirthday))
        body({ "imageData" }, .data(contact.imageData))
        body({ "thumbnailImageData" }, .data(contact.thumbnailImageData))
    }

    /// Whether every field of `a` and `b` has the same bytes.
    package static func same(_ a: MutableContact, _ b: MutableContact) -> Bool {
        // Canonical equality settles most pairs at once (a mismatch, or two carrying different
        // keys, is for the field by field walk below); equal pairs then compare their bytes.
        guard a == b else { return differences(a, b, "", "").isEmpty }
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
