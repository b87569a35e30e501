import ArgumentParser
import ContactCore

/// `--sort`: the fetch's order, by the names people type.
enum SortChoice: String, CaseIterable, ExpressibleByArgument {
    case givenName = "given-name"
    case familyName = "family-name"
    case none
    case userDefault = "user-default"

    var sortOrder: ContactCore.SortOrder {
        switch self {
        case .givenName: .givenName
        case .familyName: .familyName
        case .none: .none
        case .userDefault: .userDefault
        }
    }
}
