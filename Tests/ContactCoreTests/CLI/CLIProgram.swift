import ContactCore
import Foundation

/// A program for `contactcore`, read from bytes (each choice takes the next byte, zero past
/// the end, so a shorter input is a plainer program): a device made from a vCard file, then
/// commands. Names repeat across contacts, so a `--*-named` choice often has several matches.
struct CLIProgram: CustomStringConvertible {
    static let apps = ["com.example.a", "com.example.b"]
    /// What the person types for `--*-named` and `search --name`; `_` has no token.
    static let names = ["Lee", "Ann", "Acme", "Kate", "Zo", "Bell", "Nobody", "_"]
    /// What the person types into the access button.
    static let buttonQueries = ["lee", "_", "+", "an", "650 555 1212", "_sales@", "acme", "zoe"]

    enum Answer: String { case deny, full, limited }
    enum Access: String { case full, limited, denied }

    enum Step {
        case list(app: String?, sort: String)
        case show(app: String?, picks: [Int])
        case searchName(app: String?, String)
        case searchPhone(app: String?, String)
        case searchEmail(app: String?, String)
        case export(app: String?)
        case history(app: String, includeGroups: Bool, sinceLast: Bool)
        case request(app: String, Answer, names: [String])
        case settingsAccess(app: String, Access, names: [String])
        case settingsEdit(app: String, add: [String], remove: [String])
        case button(app: String, query: String, tap: Bool, chooseAll: Bool, chooseNamed: [String])
        case picker(app: String, add: [String], remove: [String])
        case importFile(app: String?, contacts: [MutableContact])
    }

    var seed: UInt64
    var contacts: [MutableContact]
    var steps: [Step]

    struct Bytes {
        var rest: ArraySlice<UInt8>
        mutating func next(_ count: Int) -> Int {
            guard let first = rest.first else { return 0 }
            rest = rest.dropFirst()
            return Int(first) % count
        }
        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
        mutating func flag() -> Bool { next(2) == 1 }
    }

    init(_ bytes: [UInt8]) {
        var r = Bytes(rest: bytes[...])
        seed = UInt64(r.next(4))
        contacts = (0..<(2 + r.next(5))).map { _ in Self.contact(&r) }
        // Every program starts with an app asking: apps appear on a device that way.
        let answer = r.pick([Answer.limited, .limited, .full, .deny])
        steps = [.request(app: Self.apps[0], answer, names: answer == .limited ? [r.pick(Self.names)] : [])]
        while !r.rest.isEmpty && steps.count < 9 { steps.append(Self.step(&r)) }
    }

    static func contact(_ r: inout Bytes) -> MutableContact {
        var c = MutableContact()
        c.givenName = r.pick(["Lee", "Ann", "Anna", "Kate", "Zoë", ""])
        c.familyName = r.pick(["Lee", "Bell", "Smith", "", "Leeds"])
        c.organizationName = r.pick(["", "", "Acme", "Lee & Co"])
        if c.givenName.isEmpty && c.familyName.isEmpty && c.organizationName.isEmpty { c.organizationName = "Acme" }
        let email = r.pick(["", "ann@example.com", "_sales@example.com", "+tag@example.org", "lee@bell.org"])
        if !email.isEmpty { c.emailAddresses = [LabeledValue(label: r.pick([.home, .work, "Boat"]), value: email)] }
        let phone = r.pick(["", "+1 650 555 1212", "06 12 34 56 78", "555-0100"])
        if !phone.isEmpty { c.phoneNumbers = [LabeledValue(label: r.pick([.mobile, .home, "Boat"]), value: PhoneNumber(phone))] }
        // Every part of an address differs, so a field written under another's name shows.
        switch r.next(3) {
        case 1:
            c.postalAddresses = [LabeledValue(label: .home, value: PostalAddress(
                street: "1 Main St", subLocality: "Old Town", city: "Springfield", subAdministrativeArea: "Sangamon",
                state: "IL", postalCode: "62701", country: "USA", isoCountryCode: "us"))]
        case 2:
            c.postalAddresses = [LabeledValue(label: .work, value: PostalAddress(
                street: "Straße 1; Hof", city: "Zürich", state: "ZH", postalCode: "8001", country: "Schweiz", isoCountryCode: "CH"))]
        default: break
        }
        if r.flag() { c.birthday = ContactDate(year: r.flag() ? nil : 1980, month: 2, day: 29) }
        if r.flag() { c.note = "Line one\nline two" }
        return c
    }

    static func step(_ r: inout Bytes) -> Step {
        func app() -> String { r.pick(apps) }
        func reader() -> String? { r.next(3) == 0 ? nil : r.pick(apps) }
        func names() -> [String] { (0..<(1 + r.next(2))).map { _ in r.pick(Self.names.filter { $0 != "_" && $0 != "Nobody" } + ["Nobody"]) } }
        switch r.next(13) {
        case 0: return .list(app: reader(), sort: r.pick(["user-default", "given-name", "family-name", "none"]))
        case 1: return .show(app: reader(), picks: (0..<(1 + r.next(2))).map { _ in r.next(16) })
        case 2: return .searchName(app: reader(), r.pick(Self.names))
        case 3: return .searchPhone(app: reader(), r.pick(["650 555 1212", "+33 6 12 34 56 78", "0100"]))
        case 4: return .searchEmail(app: reader(), r.pick(["ANN@example.com", "_sales@example.com", "lee@bell"]))
        case 5: return .export(app: reader())
        case 6: return .history(app: app(), includeGroups: r.flag(), sinceLast: r.flag())
        case 7:
            let answer = r.pick([Answer.deny, .full, .limited])
            return .request(app: app(), answer, names: answer == .limited ? names() : [])
        case 8:
            let access = r.pick([Access.full, .limited, .denied])
            return .settingsAccess(app: app(), access, names: access == .limited ? names() : [])
        case 9:
            let (add, remove) = (r.flag() ? names() : [], r.flag() ? names() : [])
            return .settingsEdit(app: app(), add: add, remove: add.isEmpty && remove.isEmpty ? names() : remove)
        case 10:
            let tap = r.flag(), how = r.next(3)
            return .button(app: app(), query: r.pick(buttonQueries), tap: tap, chooseAll: tap && how == 1,
                           chooseNamed: tap && how == 2 ? names() : [])
        case 11: return .picker(app: app(), add: r.flag() ? names() : [], remove: r.flag() ? names() : [])
        default: return .importFile(app: reader(), contacts: (0..<(1 + r.next(2))).map { _ in contact(&r) })
        }
    }

    /// The steps as the command lines they run (identifiers of `show` by their picks).
    var description: String {
        let start = "init d.db --seed \(seed) --vcard start.vcf  (\(contacts.count) contacts: "
            + contacts.map { [$0.givenName, $0.familyName, $0.organizationName].filter { !$0.isEmpty }.joined(separator: " ") }
            .joined(separator: ", ") + ")"
        return ([start] + steps.map { "\($0)" }).joined(separator: "\n  ")
    }
}
