/// What an app may do with contacts (Apple's `CNAuthorizationStatus`, with its raw values:
/// `authorized` is 3 and `limited`, added in iOS 18, is 4).
public enum AuthorizationStatus: Int, Hashable, Sendable, CaseIterable, Codable {
    /// The person has not been asked yet; the first read or write asks.
    case notDetermined = 0
    /// Device policy forbids access; the app cannot even ask.
    case restricted = 1
    /// The person said no.
    case denied = 2
    /// The person shares only the contacts in the app's permitted set.
    case limited = 4
    /// The person shares every contact.
    case authorized = 3

    /// Whether reads and writes may proceed without a prompt.
    public var grantsAccess: Bool { self == .limited || self == .authorized }
}

/// How an app identifies itself to the device: Apple's bundle identifier, Info.plist usage
/// description and entitlements.
public struct AppConfiguration: Hashable, Sendable {
    public var bundleIdentifier: String
    /// The text of `NSContactsUsageDescription`, shown in the prompt. Without one,
    /// ``ContactStore/requestAccess()`` throws ``ContactError/Code/missingUsageDescription``.
    public var usageDescription: String?
    /// Apple's `com.apple.developer.contacts.notes` entitlement: needed to read or write ``ContactKey/note``.
    public var hasNotesEntitlement: Bool

    public init(bundleIdentifier: String, usageDescription: String?, hasNotesEntitlement: Bool = false) {
        self.bundleIdentifier = bundleIdentifier
        self.usageDescription = usageDescription
        self.hasNotesEntitlement = hasNotesEntitlement
    }
}
