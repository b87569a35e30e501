extension ContactAccessButton {
    /// Where a tap came from. Only a touch the system traced to the person counts.
    public enum Event: Hashable, Sendable {
        /// The person's finger on the button, validated by the system.
        case validatedTouch
        /// An event made by code: the app, a view forwarding touches, UI automation.
        case synthesized
    }

    /// What the app's approval callback receives for one tap: identifiers, or why nothing.
    public enum TapOutcome: Hashable, Sendable {
        /// The person approved these contacts; they are now in the app's permitted set.
        /// Never empty.
        case approved([String])
        /// The tap counted but the person approved nothing: no contact matched, the person
        /// chose none in the list, or refused the prompt. The app cannot tell which.
        case declined
        /// The system did not count the tap, for this reason.
        case refused(Refusal)
    }

    /// Why the system did not count a tap. None of these depends on the person's contacts.
    public enum Refusal: Hashable, Sendable {
        /// The button is shown only to `limited` and `notDetermined` apps.
        case notShown(AuthorizationStatus)
        /// The event was ``Event/synthesized``.
        case unvalidatedEvent
        /// The button was not legible where the app put it.
        case illegible([LegibilityProblem])
        /// From `notDetermined`, the simplified prompt could not be shown or was not answered:
        /// ``ContactError/Code/missingUsageDescription`` or ``ContactError/Code/authorizationDenied``.
        case promptFailed(ContactError)
        /// The approval could not be written to the device's database (see <doc:Persistence>);
        /// nothing changed. Never on a device in memory.
        case storageFailed(ContactError)
    }
}
