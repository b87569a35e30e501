/// What an app may do with contacts (Apple's `CNAuthorizationStatus`).
public enum AuthorizationStatus: Int, Hashable, Sendable, CaseIterable {
    /// The person has not been asked yet; the first read or write asks.
    case notDetermined
    /// Device policy forbids access; the app cannot even ask.
    case restricted
    /// The person said no.
    case denied
    /// The person shares only the contacts in the app's permitted set.
    case limited
    /// The person shares every contact.
    case authorized

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
