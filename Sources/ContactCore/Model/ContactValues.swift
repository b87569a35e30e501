/// A phone number as the person typed it.
public struct PhoneNumber: Hashable, Sendable, ExpressibleByStringLiteral, Codable {
    public var stringValue: String

    public init(_ stringValue: String) { self.stringValue = stringValue }
    public init(stringLiteral value: String) { self.stringValue = value }

    /// The ASCII digits of the number, full-width digits folded to ASCII; formatting dropped.
    public var digits: String { PhoneDigits.digits(of: stringValue) }
}

/// A postal address (Apple's `CNPostalAddress`).
///
/// The sub-locality and sub-administrative area, which few addresses set, share one box that
/// exists only when one of them is non-empty; equality, hashing and coding see the eight
/// texts as when all were inline.
public struct PostalAddress: Hashable, Sendable, Codable {
    public var street = ""
    public var city = ""
    public var state = ""
    public var postalCode = ""
    public var country = ""
    public var isoCountryCode = ""
    private var areas: Areas?

    /// The two rarely set texts; immutable, so copies share it.
    private final class Areas: Sendable {
        let subLocality: String
        let subAdministrativeArea: String

        init(subLocality: String, subAdministrativeArea: String) {
            self.subLocality = subLocality
            self.subAdministrativeArea = subAdministrativeArea
        }

        /// `nil` for two empty texts, so an address without them has no box.
        static func make(subLocality: String, subAdministrativeArea: String) -> Areas? {
            subLocality.isEmpty && subAdministrativeArea.isEmpty
                ? nil : Areas(subLocality: subLocality, subAdministrativeArea: subAdministrativeArea)
        }
    }

    public var subLocality: String {
        get { areas?.subLocality ?? "" }
        set { areas = Areas.make(subLocality: newValue, subAdministrativeArea: subAdministrativeArea) }
    }

    public var subAdministrativeArea: String {
        get { areas?.subAdministrativeArea ?? "" }
        set { areas = Areas.make(subLocality: subLocality, subAdministrativeArea: newValue) }
    }

    public init(
        street: String = "", subLocality: String = "", city: String = "", subAdministrativeArea: String = "",
        state: String = "", postalCode: String = "", country: String = "", isoCountryCode: String = ""
    ) {
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
        self.areas = Areas.make(subLocality: subLocality, subAdministrativeArea: subAdministrativeArea)
    }

    private enum CodingKeys: String, CodingKey {
        case street, subLocality, city, subAdministrativeArea, state, postalCode, country, isoCountryCode
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            street: try container.decode(String.self, forKey: .street),
            subLocality: try container.decode(String.self, forKey: .subLocality),
            city: try container.decode(String.self, forKey: .city),
            subAdministrativeArea: try container.decode(String.self, forKey: .subAdministrativeArea),
            state: try container.decode(String.self, forKey: .state),
            postalCode: try container.decode(String.self, forKey: .postalCode),
            country: try container.decode(String.self, forKey: .country),
            isoCountryCode: try container.decode(String.self, forKey: .isoCountryCode))
    }

    /// Every text in declaration order of the all-inline struct, as its synthesized coding did.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(street, forKey: .street)
        try container.encode(subLocality, forKey: .subLocality)
        try container.encode(city, forKey: .city)
        try container.encode(subAdministrativeArea, forKey: .subAdministrativeArea)
        try container.encode(state, forKey: .state)
        try container.encode(postalCode, forKey: .postalCode)
        try container.encode(country, forKey: .country)
        try container.encode(isoCountryCode, forKey: .isoCountryCode)
    }

    public static func == (lhs: PostalAddress, rhs: PostalAddress) -> Bool {
        lhs.street == rhs.street && lhs.city == rhs.city && lhs.state == rhs.state && lhs.postalCode == rhs.postalCode
            && lhs.country == rhs.country && lhs.isoCountryCode == rhs.isoCountryCode
            && lhs.subLocality == rhs.subLocality && lhs.subAdministrativeArea == rhs.subAdministrativeArea
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(street)
        hasher.combine(subLocality)
        hasher.combine(city)
        hasher.combine(subAdministrativeArea)
        hasher.combine(state)
        hasher.combine(postalCode)
        hasher.combine(country)
        hasher.combine(isoCountryCode)
    }
}

/// An account on a social network (Apple's `CNSocialProfile`).
public struct SocialProfile: Hashable, Sendable, Codable {
    public var urlString: String
    public var username: String
    public var userIdentifier: String
    public var service: String

    public init(urlString: String = "", username: String = "", userIdentifier: String = "", service: String = "") {
        self.urlString = urlString
        self.username = username
        self.userIdentifier = userIdentifier
        self.service = service
    }
}

/// An instant-messaging account (Apple's `CNInstantMessageAddress`).
public struct InstantMessageAddress: Hashable, Sendable, Codable {
    public var username: String
    public var service: String

    public init(username: String, service: String) {
        self.username = username
        self.service = service
    }
}

/// A related person, by name (Apple's `CNContactRelation`).
public struct ContactRelation: Hashable, Sendable, Codable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// Whether a contact is a person or an organization.
public enum ContactType: Int, Hashable, Sendable, CaseIterable, Codable {
    case person
    case organization
}

/// Printed and dumped with its eight texts, not the box that holds two of them.
extension PostalAddress: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "street": street, "subLocality": subLocality, "city": city, "subAdministrativeArea": subAdministrativeArea,
            "state": state, "postalCode": postalCode, "country": country, "isoCountryCode": isoCountryCode,
        ], displayStyle: .struct)
    }
}
