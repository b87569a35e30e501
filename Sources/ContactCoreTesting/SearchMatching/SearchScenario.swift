/// A store, edits of it and queries, decoded from fuzz bytes: the input of
/// ``SearchMatchingFuzz`` and of the search property tests.
///
/// The bytes are UTF-8 text (invalid sequences become U+FFFD), one step a line, so a seed
/// or a crash file can be read and written by hand:
///
///     [+]given⇥family⇥middle⇥nickname⇥previous family⇥phonetic given⇥phonetic middle⇥
///        phonetic family⇥organization⇥phonetic organization⇥phones;…⇥emails;…
///                            a contact ('+': the limited app may see it)
///     ?text                  a query, checked at this point
///     -@address              an address the button ignores
///     -#number               a number the button ignores
///     !dN                    delete live contact N (modulo their count)
///     !uN⇥fields…            update live contact N with these fields
///     !xN⇥fields…            the same update in a save that then fails and is rolled back
///
/// Missing fields are empty. Limits keep one input fast: at most ``maximumContacts`` added,
/// ``maximumQueries`` queries, ``maximumEdits`` edits, ``maximumFieldScalars`` scalars a field.
public struct SearchScenario: Hashable, Sendable {
    public static let maximumContacts = 12
    public static let maximumQueries = 6
    public static let maximumEdits = 6
    public static let maximumFieldScalars = 40
    public static let maximumQueryScalars = 24

    /// The name and detail fields of one contact, in the line order above.
    public struct Fields: Hashable, Sendable {
        public var givenName = ""
        public var familyName = ""
        public var middleName = ""
        public var nickname = ""
        public var previousFamilyName = ""
        public var phoneticGivenName = ""
        public var phoneticMiddleName = ""
        public var phoneticFamilyName = ""
        public var organizationName = ""
        public var phoneticOrganizationName = ""
        public var phoneNumbers: [String] = []
        public var emailAddresses: [String] = []

        public init() {}

        public init(given: String = "", family: String = "", phonetic: (given: String, family: String) = ("", ""),
                    organization: String = "", phones: [String] = [], emails: [String] = []) {
            givenName = given
            familyName = family
            phoneticGivenName = phonetic.given
            phoneticFamilyName = phonetic.family
            organizationName = organization
            phoneNumbers = phones
            emailAddresses = emails
        }
    }

    public enum Step: Hashable, Sendable {
        case add(Fields, permitted: Bool)
        case query(String)
        case ignoreEmail(String)
        case ignorePhone(String)
        case delete(Int)
        case update(Int, Fields)
        case failedUpdate(Int, Fields)
    }

    public var steps: [Step]

    public init(_ steps: [Step]) { self.steps = steps }

    // MARK: Bytes

    public init(decoding bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        var steps: [Step] = []
        var added = 0, queries = 0, edits = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
            let line = String(line)
            if line.hasPrefix("?") {
                guard queries < Self.maximumQueries else { continue }
                queries += 1
                steps.append(.query(Self.clipped(String(line.dropFirst()), to: Self.maximumQueryScalars)))
            } else if line.hasPrefix("-@") {
                steps.append(.ignoreEmail(Self.clipped(String(line.dropFirst(2)), to: Self.maximumFieldScalars)))
            } else if line.hasPrefix("-#") {
                steps.append(.ignorePhone(Self.clipped(String(line.dropFirst(2)), to: Self.maximumFieldScalars)))
            } else if line.hasPrefix("!") {
                guard edits < Self.maximumEdits, let kind = line.dropFirst().first else { continue }
                edits += 1
                let rest = line.dropFirst(2)
                let number = Int(rest.prefix { $0.isASCII && $0.isNumber }.prefix(3)) ?? 0
                let fieldText = rest.firstIndex(of: "\t").map { String(rest[rest.index(after: $0)...]) } ?? ""
                switch kind {
                case "d": steps.append(.delete(number))
                case "u": steps.append(.update(number, Self.fields(fieldText)))
                case "x": steps.append(.failedUpdate(number, Self.fields(fieldText)))
                default: edits -= 1
                }
            } else if !line.isEmpty {
                guard added < Self.maximumContacts else { continue }
                added += 1
                let permitted = line.hasPrefix("+")
                steps.append(.add(Self.fields(permitted ? String(line.dropFirst()) : line), permitted: permitted))
            }
        }
        self.steps = steps
    }

    /// The text that decodes to these steps (fields are written as they are).
    public var encoded: [UInt8] {
        Array(steps.map { step in
            switch step {
            case .add(let fields, let permitted): (permitted ? "+" : "") + Self.line(fields)
            case .query(let text): "?" + text
            case .ignoreEmail(let address): "-@" + address
            case .ignorePhone(let number): "-#" + number
            case .delete(let index): "!d\(index)"
            case .update(let index, let fields): "!u\(index)\t" + Self.line(fields)
            case .failedUpdate(let index, let fields): "!x\(index)\t" + Self.line(fields)
            }
        }.joined(separator: "\n").utf8)
    }

    private static func clipped(_ text: String, to limit: Int) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(limit))
        return result
    }

    private static func fields(_ line: String) -> Fields {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            .map { clipped(String($0), to: maximumFieldScalars) }
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        func list(_ index: Int) -> [String] {
            part(index).isEmpty ? [] : part(index).split(separator: ";", omittingEmptySubsequences: false).prefix(3).map(String.init)
        }
        var fields = Fields()
        fields.givenName = part(0)
        fields.familyName = part(1)
        fields.middleName = part(2)
        fields.nickname = part(3)
        fields.previousFamilyName = part(4)
        fields.phoneticGivenName = part(5)
        fields.phoneticMiddleName = part(6)
        fields.phoneticFamilyName = part(7)
        fields.organizationName = part(8)
        fields.phoneticOrganizationName = part(9)
        fields.phoneNumbers = list(10)
        fields.emailAddresses = list(11)
        return fields
    }

    private static func line(_ fields: Fields) -> String {
        var parts = [
            fields.givenName, fields.familyName, fields.middleName, fields.nickname, fields.previousFamilyName,
            fields.phoneticGivenName, fields.phoneticMiddleName, fields.phoneticFamilyName,
            fields.organizationName, fields.phoneticOrganizationName,
            fields.phoneNumbers.joined(separator: ";"), fields.emailAddresses.joined(separator: ";"),
        ]
        while parts.count > 1 && parts.last == "" { parts.removeLast() }
        return parts.joined(separator: "\t")
    }
}
