/// A picker the system shows the person on an app's behalf.
public struct PickerPresentation: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// SwiftUI's `contactAccessPicker`: the person adds contacts to the app's permitted set
        /// and removes others.
        case accessPicker
        /// `CNContactPickerViewController`: the person hands the app a one-time snapshot.
        case contactPicker
    }

    public let bundleIdentifier: String
    public let kind: Kind
}

/// Plays the person at a picker, as ``PromptResponder`` does at a prompt: the host installs
/// one (tests script the person); the app never chooses. For the contact picker only
/// ``AccessPickerSelection/adding`` counts.
public typealias PickerResponder = @Sendable (PickerPresentation) -> AccessPickerSelection
