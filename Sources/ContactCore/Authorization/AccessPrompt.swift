/// The system prompt a person sees when an app asks for contacts.
public struct AccessPrompt: Hashable, Sendable {
    /// Which prompt the system shows.
    public enum Kind: Hashable, Sendable {
        /// The full prompt of ``ContactStore/requestAccess()``: deny, share some, or share all.
        case full
        /// The simplified limited prompt after a tap on the access button from
        /// `notDetermined`: share the contacts the person approved, or not.
        case simplifiedLimited(approved: [String])
    }

    public let bundleIdentifier: String
    /// The app's usage description, shown to the person.
    public let usageDescription: String
    public let kind: Kind
}

/// The person's answer to an ``AccessPrompt``.
public enum AccessAnswer: Hashable, Sendable {
    case deny
    case allowFull
    /// Limited access with the contacts the person chose; identifiers that name no contact are ignored.
    case allowLimited(Set<String>)
}

/// Plays the person: the host installs one to answer prompts, as tests script the person.
public typealias PromptResponder = @Sendable (AccessPrompt) -> AccessAnswer

/// A change a person makes to an app in Settings.
public enum SettingsChange: Hashable, Sendable {
    /// Full access.
    case allowFull
    /// Limited access with exactly these contacts (identifiers of no contact are dropped).
    case allowLimited(Set<String>)
    /// No access; the permitted set is cleared.
    case deny
    /// Adds and removes contacts of a limited app's permitted set.
    case editPermittedSet(adding: Set<String>, removing: Set<String>)
}
