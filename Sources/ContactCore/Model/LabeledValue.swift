/// Coded as the all-inline struct was: `identifier`, `label` only when there is one, `value`.
extension LabeledValue: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case identifier, label, value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let identifier = try container.decode(String.self, forKey: .identifier)
        let label = try container.decodeIfPresent(ContactLabel.self, forKey: .label)
        value = try container.decode(Value.self, forKey: .value)
        tag = .make(identifier: identifier, label: label)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encode(value, forKey: .value)
    }
}

/// One entry of a multi-valued property: a value, an optional label, and a stable identifier.
///
/// The identifier is empty until the entry is saved; the store then assigns one and keeps it
/// for as long as the entry stays in its contact, so apps can tell an edited entry from a
/// replaced one. An unsaved entry with a standard label (or none) costs only its value and
/// 8 bytes; a custom label or an identifier is kept in a small box.
public struct LabeledValue<Value: Hashable & Sendable>: Hashable, Sendable {
    private var tag: LabeledValueTag
    public var value: Value

    public init(label: ContactLabel? = nil, value: Value) {
        self.tag = .make(identifier: "", label: label)
        self.value = value
    }

    /// Assigned by the store on save; empty for an entry that was never saved.
    public internal(set) var identifier: String {
        get { tag.identifier }
        set { tag = .make(identifier: newValue, label: tag.label) }
    }

    public var label: ContactLabel? {
        get { tag.label }
        set { tag = .make(identifier: tag.identifier, label: newValue) }
    }

    /// The same entry with another value, keeping its identifier (Apple's `settingValue`).
    public func settingValue(_ value: Value) -> LabeledValue {
        var copy = self
        copy.value = value
        return copy
    }

    /// The same entry with another label, keeping its identifier (Apple's `settingLabel`).
    public func settingLabel(_ label: ContactLabel?) -> LabeledValue {
        var copy = self
        copy.label = label
        return copy
    }

    public static func == (lhs: LabeledValue, rhs: LabeledValue) -> Bool {
        lhs.tag == rhs.tag && lhs.value == rhs.value
    }

    /// The hasher sees what the all-inline struct's synthesized conformance fed it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(label)
        hasher.combine(value)
    }
}

/// A label of a ``LabeledValue``: one of Apple's standard labels or the person's own text.
///
/// Standard labels carry Apple's raw strings (`_$!<Home>!$_`), so they survive a round trip
/// through Apple's frameworks unchanged.
public struct ContactLabel: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, Codable {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    /// A custom label; it must not be empty (saving one is `validationConfigurationError`).
    public static func custom(_ text: String) -> ContactLabel { ContactLabel(rawValue: text) }

    public static let home = ContactLabel(rawValue: "_$!<Home>!$_")
    public static let work = ContactLabel(rawValue: "_$!<Work>!$_")
    public static let school = ContactLabel(rawValue: "_$!<School>!$_")
    public static let other = ContactLabel(rawValue: "_$!<Other>!$_")
    public static let mobile = ContactLabel(rawValue: "_$!<Mobile>!$_")
    public static let iPhone = ContactLabel(rawValue: "iPhone")
    public static let main = ContactLabel(rawValue: "_$!<Main>!$_")
    public static let homeFax = ContactLabel(rawValue: "_$!<HomeFAX>!$_")
    public static let workFax = ContactLabel(rawValue: "_$!<WorkFAX>!$_")
    public static let pager = ContactLabel(rawValue: "_$!<Pager>!$_")
    public static let iCloud = ContactLabel(rawValue: "iCloud")
    public static let homePage = ContactLabel(rawValue: "_$!<HomePage>!$_")
    public static let anniversary = ContactLabel(rawValue: "_$!<Anniversary>!$_")

    public static let standard: [ContactLabel] = [
        .home, .work, .school, .other, .mobile, .iPhone, .main, .homeFax, .workFax, .pager, .iCloud,
        .homePage, .anniversary,
    ]

    /// Whether this is one of Apple's standard labels rather than the person's own text.
    public var isStandard: Bool { Self.standard.contains(self) }
}

/// Printed and dumped with the fields of the all-inline struct, not its 8-byte tag.
extension LabeledValue: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["identifier": identifier, "label": label as Any, "value": value], displayStyle: .struct)
    }
}
