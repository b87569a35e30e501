import ContactCore
import Foundation

/// The tables of ``More``: every field of SPEC 2 a ``Draft``'s first six leave out, with text
/// storage and search treat specially (NUL, combining marks, emoji, full-width letters, values
/// of thousands of bytes, empty versus absent) and what SPEC 7 makes of the searched names,
/// written by hand.
extension Vocabulary {
    /// A person's further names and work.
    package struct MoreNames: Sendable {
        package var namePrefix = "", middle = "", nameSuffix = "", nickname = "", previousFamily = ""
        package var phoneticGiven = "", phoneticMiddle = "", phoneticFamily = ""
        package var department = "", jobTitle = "", phoneticOrganization = ""
        /// SPEC 7's forms of the searched names here (middle, nickname, previous family,
        /// phonetic, the phonetic family and given run together): a name query may use each once.
        package var forms: [String] = []
        /// The middle name's tokens, which an exact full-name query must also have.
        package var middleTokens: [String] = []
        /// The phonetic organization name's forms: a match by them is an organization match.
        package var organizationForms: [String] = []
    }

    package static let moreNames: [MoreNames] = [
        MoreNames(),
        // Prefix and suffix are never searched: "dr" and "jr" find nothing here.
        MoreNames(namePrefix: "Dr.", middle: "Maria", nameSuffix: "Jr.", nickname: "Annie", previousFamily: "Smith",
                  department: "R&D", jobTitle: "Engineer", forms: ["maria", "annie", "smith"], middleTokens: ["maria"]),
        MoreNames(phoneticGiven: "はなこ", phoneticFamily: "やまだ",
                  forms: ["はなこ", "hanako", "やまだ", "yamada", "やまだはなこ", "yamadahanako"]),
        // With Ab Ac (people[3]), tokens that repeat: "ab ab ac ac" is the exact full name.
        MoreNames(middle: "Ab Ac", nickname: "a", forms: ["ab", "ac", "a"], middleTokens: ["ab", "ac"]),
        MoreNames(phoneticMiddle: "Zoë", department: "Sales", jobTitle: "CEO", phoneticOrganization: "Ei Pi Eru",
                  forms: ["zoe"], organizationForms: ["ei", "pi", "eru"]),
        MoreNames(namePrefix: "\u{0}", nameSuffix: "e\u{301}", nickname: "ＫＡＴＥ", previousFamily: "Núñez",
                  department: "🏳️‍🌈 Team", jobTitle: String(repeating: "Ω", count: 5_000), forms: ["kate", "nunez"]),
        MoreNames(middle: "Jean-Luc", nickname: "O'Brien", forms: ["jean", "luc", "o", "brien"], middleTokens: ["jean", "luc"]),
        MoreNames(nickname: String(repeating: "a", count: 300), forms: [String(repeating: "a", count: 300)]),
        MoreNames(namePrefix: "Sir", nameSuffix: "III", department: "\u{0}\u{0}", phoneticOrganization: "  "),
    ]

    /// Labels of a list's values after its first: standard ones, none, custom ones, one that
    /// looks like Apple's own, and the empty label that SPEC 6 validation refuses.
    package static let labels: [ContactLabel?] = [
        .mobile, .home, .work, .other, .iPhone, .main, nil, "Zweitnummer", "🏠 Ferienhaus", .homeFax,
        "_$!<Custom>!$_", "",
    ]

    /// A contact's other lists, dates and images.
    package struct Details: Sendable {
        package var postalAddresses: [LabeledValue<PostalAddress>] = []
        package var urlAddresses: [LabeledValue<String>] = []
        package var socialProfiles: [LabeledValue<SocialProfile>] = []
        package var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] = []
        package var contactRelations: [LabeledValue<ContactRelation>] = []
        package var dates: [LabeledValue<ContactDate>] = []
        package var nonGregorianBirthday: ContactDate?
        /// The images as bytes, made into `Data` where a contact is written or compared: a
        /// `Data` of more than 14 bytes held by a static is reached through a pointer whose spare
        /// bits hold its representation's case, which LeakSanitizer cannot follow, so every
        /// fuzz process would report it as leaked at exit.
        package var image: [UInt8]?
        package var thumbnail: [UInt8]?

        package var imageData: Data? { image.map { Data($0) } }
        package var thumbnailImageData: Data? { thumbnail.map { Data($0) } }
    }

    package static let details: [Details] = [
        Details(),
        Details(postalAddresses: [LabeledValue(label: .home, value: PostalAddress(
                    street: "1 Infinite Loop\nBuilding 2", city: "Cupertino", state: "CA", postalCode: "95014",
                    country: "USA", isoCountryCode: "us"))],
                urlAddresses: [LabeledValue(label: .homePage, value: "https://example.com")],
                dates: [LabeledValue(label: .anniversary, value: ContactDate(year: 2001, month: 6, day: 15))],
                image: [0xFF, 0xD8, 0xFF, 0x00, 0x01]),
        // An empty image is not a missing one.
        Details(socialProfiles: [LabeledValue(label: .work, value: SocialProfile(urlString: "https://x.com/anna", username: "anna",
                                                                                 service: "Twitter"))],
                instantMessageAddresses: [LabeledValue(label: .home, value: InstantMessageAddress(username: "anna\u{0}x", service: "Jabber"))],
                contactRelations: [LabeledValue(label: "_$!<Spouse>!$_", value: ContactRelation(name: "Kate Bell"))],
                nonGregorianBirthday: ContactDate(calendar: "chinese", month: 13, day: 1),
                image: [], thumbnail: [1, 2, 3]),
        Details(postalAddresses: [LabeledValue(label: .work, value: PostalAddress(street: "Straße 1", city: "Zürich", postalCode: "8001",
                                                                                  country: "Schweiz", isoCountryCode: "ch"))],
                urlAddresses: [LabeledValue(value: ""), LabeledValue(label: "Zweitnummer", value: String(repeating: "x", count: 3_000))],
                contactRelations: [LabeledValue(label: "Mentor", value: ContactRelation(name: "Ａｎｎａ"))],
                dates: [LabeledValue(value: ContactDate(month: 2, day: 29))]),
        // Two invalid dates: two validation failures.
        Details(dates: [LabeledValue(label: .home, value: ContactDate(month: 0, day: 1))],
                nonGregorianBirthday: ContactDate(calendar: "hebrew", year: 5784, month: 14, day: 1)),
        Details(urlAddresses: [LabeledValue(label: "", value: "https://a.example")]),
        Details(postalAddresses: [LabeledValue(value: PostalAddress(street: "e\u{301}🏳️‍🌈", country: "日本"))],
                socialProfiles: [LabeledValue(value: SocialProfile())],
                instantMessageAddresses: [LabeledValue(value: InstantMessageAddress(username: "", service: ""))],
                image: [UInt8](repeating: 0xAB, count: 70_000)),
        Details(dates: [LabeledValue(label: .anniversary, value: ContactDate(year: 9999, month: 12, day: 31)),
                        LabeledValue(value: ContactDate(year: 1, month: 1, day: 1))],
                nonGregorianBirthday: ContactDate(calendar: "islamic", year: 1445, month: 9, day: 30)),
    ]
}
