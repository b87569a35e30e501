/// A phone number as the person typed it.
public struct PhoneNumber: Hashable, Sendable, ExpressibleByStringLiteral, Codable {
    public var stringValue: String

    public init(_ stringValue: String) { self.stringValue = stringValue }
    public init(stringLiteral value: String) { self.stringValue = value }

    /// The ASCII digits of the number, full-width digits folded to ASCII; formatting dropped.
    public var digits: String { PhoneDigits.digits(of: stringValue) }
}

/// A postal address (Apple's `CNPostalAddress`).
public struct PostalAddress: Hashable, Sendable, Codable {
    public var street = ""
    public var subLocality = ""
    public var city = ""
    public var subAdministrativeArea = ""
    public var state = ""
    public var postalCode = ""
    public var country = ""
    public var isoCountryCode = ""

    public init(
        street: String = "", subLocality: String = "", city: String = "", subAdministrativeArea: String = "",
        state: String = "", postalCode: String = "", country: String = "", isoCountryCode: String = ""
    ) {
        self.street = street
        self.subLocality = subLocality
        self.city = city
        self.subAdministrativeArea = subAdministrativeArea
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
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
