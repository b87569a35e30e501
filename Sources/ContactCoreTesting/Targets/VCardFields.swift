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
        case count(Int)
        case label(ContactLabel?)
        case date(ContactDate?)
        case data(Data?)
        case type(ContactType)

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): sameBytes(a, b)
            case (.count(let a), .count(let b)): a == b
            case (.label(let a), .label(let b)): sameBytes(a?.rawValue ?? "", b?.rawValue ?? "") && (a == nil) == (b == nil)
            case (.date(let a), .date(let b)): a == b
            case (.data(let a), .data(let b)): a == b
            case (.type(let a), .type(let b)): a == b
            default: false
            }
        }

        /// memcmp: a byte loop of ours is slow under fuzzing's compare tracing.
        private static func sameBytes(_ a: String, _ b: String) -> Bool {
            var a = a
            var b = b
            return a.withUTF8 { a in
                b.withUTF8 { b in
                    guard a.count == b.count, let first = a.baseAddress, let second = b.baseAddress else { return a.count == b.count }
                    return memcmp(first, second, a.count) == 0
                }
            }
        }

        /// The value with every byte visible: non-ASCII and control scalars as `\u{…}`.
        package var shown: String {
            switch self {
            case .text(let text): Self.quoted(text)
            case .count(let count): "\(count)"
            case .label(let label): label.map { Self.quoted($0.rawValue) } ?? "(none)"
            case .date(let date): date.map { "\($0.year.map(String.init) ?? "----")-\($0.month)-\($0.day) (\($0.calendar))" } ?? "nil"
            case .data(let data): data.map { "\($0.count) bytes \($0.prefix(8).map { String($0, radix: 16) }.joined(separator: " "))" } ?? "nil"
            case .type(let type): "\(type)"
            }
        }

        private static func quoted(_ text: String) -> String {
            "\"" + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\\" && $0 != "\"" ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
        }
    }

    /// One field: where it is (`phoneNumbers[1].label`) and what it holds.
    package struct Field {
        let name: StaticString
        let index: Int?
        let part: StaticString?
        package let value: Value

        package var path: String {
            "\(name)" + (index.map { "[\($0)]" } ?? "") + (part.map { ".\($0)" } ?? "")
        }
    }

    /// What the one walk over a contact's fields hands each field to.
    private protocol Sink {
        mutating func add(_ name: StaticString, _ index: Int?, _ part: StaticString?, _ value: Value)
    }

    /// Collects the fields, to name the ones that differ.
    private struct List: Sink {
        var fields: [Field] = []
        mutating func add(_ name: StaticString, _ index: Int?, _ part: StaticString?, _ value: Value) {
            fields.append(Field(name: name, index: index, part: part, value: value))
        }
    }

    /// Writes every value's bytes after its length: equal writings mean byte-equal fields, and
    /// one memcmp compares them (under fuzzing, a field list per contact was a fifth of FuzzVCard).
    private struct Bytes: Sink {
        var bytes: [UInt8]
        init() {
            bytes = []
            bytes.reserveCapacity(256)
        }
        mutating func add(_ name: StaticString, _ index: Int?, _ part: StaticString?, _ value: Value) {
            switch value {
            case .text(let text): append(text)
            case .count(let count): append(count)
            case .label(let label): label.map { append($0.rawValue) } ?? append(-1)
            case .date(let date):
                guard let date else { return append(-1) }
                append(date.year ?? -1)
                append(date.month)
                append(date.day)
                append(date.calendar)
            case .data(let data):
                guard let data else { return append(-1) }
                append(data.count)
                bytes.append(contentsOf: data)
            case .type(let type): append(type == .person ? 0 : 1)
            }
        }
        /// 0–254 as one byte; anything else as 255 and its eight bytes.
        private mutating func append(_ number: Int) {
            if (0..<255).contains(number) { return bytes.append(UInt8(number)) }
            bytes.append(255)
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: number >> shift)) }
        }
        private mutating func append(_ text: String) {
            append(text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Every field of `contact` in a fixed order; a labeled list gives its count, then each
    /// entry's label and parts.
    private static func walk<S: Sink>(_ contact: MutableContact, into sink: inout S) {
        func labeled<V>(_ name: StaticString, _ entries: [LabeledValue<V>], _ parts: (V, _ part: (StaticString, Value) -> Void) -> Void) {
            sink.add(name, nil, nil, .count(entries.count))
            for (index, entry) in entries.enumerated() {
                sink.add(name, index, "label", .label(entry.label))
                parts(entry.value) { part, value in sink.add(name, index, part, value) }
            }
        }
        // Field by field, not a loop over an array of them: an array per contact was most of a walk.
        func text(_ name: StaticString, _ text: String) { sink.add(name, nil, nil, .text(text)) }
        sink.add("contactType", nil, nil, .type(contact.contactType))
        text("namePrefix", contact.namePrefix)
        text("givenName", contact.givenName)
        text("middleName", contact.middleName)
        text("familyName", contact.familyName)
        text("previousFamilyName", contact.previousFamilyName)
        text("nameSuffix", contact.nameSuffix)
        text("nickname", contact.nickname)
        text("phoneticGivenName", contact.phoneticGivenName)
        text("phoneticMiddleName", contact.phoneticMiddleName)
        text("phoneticFamilyName", contact.phoneticFamilyName)
        text("organizationName", contact.organizationName)
        text("phoneticOrganizationName", contact.phoneticOrganizationName)
        text("departmentName", contact.departmentName)
        text("jobTitle", contact.jobTitle)
        text("note", contact.note)
        labeled("phoneNumbers", contact.phoneNumbers) { $1("value", .text($0.stringValue)) }
        labeled("emailAddresses", contact.emailAddresses) { $1("value", .text($0)) }
        labeled("postalAddresses", contact.postalAddresses) { address, part in
            part("street", .text(address.street))
            part("subLocality", .text(address.subLocality))
            part("city", .text(address.city))
            part("subAdministrativeArea", .text(address.subAdministrativeArea))
            part("state", .text(address.state))
            part("postalCode", .text(address.postalCode))
            part("country", .text(address.country))
            part("isoCountryCode", .text(address.isoCountryCode))
        }
        labeled("urlAddresses", contact.urlAddresses) { $1("value", .text($0)) }
        labeled("socialProfiles", contact.socialProfiles) { profile, part in
            part("urlString", .text(profile.urlString))
            part("username", .text(profile.username))
            part("userIdentifier", .text(profile.userIdentifier))
            part("service", .text(profile.service))
        }
        labeled("instantMessageAddresses", contact.instantMessageAddresses) { address, part in
            part("username", .text(address.username))
            part("service", .text(address.service))
        }
        labeled("contactRelations", contact.contactRelations) { $1("name", .text($0.name)) }
        labeled("dates", contact.dates) { $1("value", .date($0)) }
        sink.add("birthday", nil, nil, .date(contact.birthday))
        sink.add("nonGregorianBirthday", nil, nil, .date(contact.nonGregorianBirthday))
        sink.add("imageData", nil, nil, .data(contact.imageData))
        sink.add("thumbnailImageData", nil, nil, .data(contact.thumbnailImageData))
    }

    /// Every field of `contact`, with its path.
    package static func fields(_ contact: MutableContact) -> [Field] {
        var list = List()
        walk(contact, into: &list)
        return list.fields
    }

    /// Whether every field of `a` and `b` has the same bytes.
    package static func same(_ a: MutableContact, _ b: MutableContact) -> Bool {
        var left = Bytes()
        walk(a, into: &left)
        var right = Bytes()
        walk(b, into: &right)
        return left.bytes.withUnsafeBytes { l in
            right.bytes.withUnsafeBytes { r in
                guard l.count == r.count, let first = l.baseAddress, let second = r.baseAddress else { return l.count == r.count }
                return memcmp(first, second, l.count) == 0
            }
        }
    }

    /// The fields where `a` and `b` differ, as `path: a ≠ b` lines.
    package static func differences(_ a: MutableContact, _ b: MutableContact, _ first: String, _ second: String) -> [String] {
        let left = fields(a)
        let right = fields(b)
        var lines: [String] = []
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? left[index] : nil
            let r = index < right.count ? right[index] : nil
            let samePath = l?.path == r?.path
            guard l?.value != r?.value || !samePath else { continue }
            lines.append("\(l?.path ?? r?.path ?? "?"): \(first) \(l?.value.shown ?? "—"), \(second) \(r?.value.shown ?? "—")")
            // Once the lists' shapes part (a count differs), later pairs are misaligned.
            if !samePath { break }
        }
        return lines
    }
}
