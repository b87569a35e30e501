/// The contact access button an app places in its search results (ContactsUI's
/// `ContactAccessButton`): the app's side of it, which holds no contact data.
///
/// The app gives the text the person typed and how the button looks. The system draws the
/// matching contacts the app cannot see yet; only the person sees them
/// (``ContactDevice/contactAccessButtonView(_:in:placement:)``). When the person taps, the app
/// learns nothing but the identifiers the person approved
/// (``ContactDevice/tapContactAccessButton(_:in:placement:event:choosing:)``), and then
/// fetches them through its ``ContactStore`` like any permitted contact.
///
/// The button is shown to apps whose status is `limited` or `notDetermined`; it offers only
/// contacts outside the app's permitted set whose email addresses and phone numbers are not
/// in the ignored sets.
public struct ContactAccessButton: Hashable, Sendable {
    /// What the person typed into the app's search field.
    public var queryString: String
    /// Addresses of people the app already shows; a contact with one of them is left out.
    /// Compared whole, without regard to case.
    public var ignoredEmails: Set<String>
    /// Numbers of people the app already shows; a contact with a matching number is left
    /// out. Compared as search compares numbers (digits, trailing seven).
    public var ignoredPhoneNumbers: Set<String>
    public var appearance: Appearance

    public init(
        queryString: String, ignoredEmails: Set<String> = [], ignoredPhoneNumbers: Set<String> = [],
        appearance: Appearance = Appearance()
    ) {
        self.queryString = queryString
        self.ignoredEmails = ignoredEmails
        self.ignoredPhoneNumbers = ignoredPhoneNumbers
        self.appearance = appearance
    }

    /// The statuses the button is shown for: `limited` and `notDetermined`.
    public static func isShown(for status: AuthorizationStatus) -> Bool {
        status == .limited || status == .notDetermined
    }

    // MARK: Modifiers, as SwiftUI's

    /// The font of the primary text and the action label. Sizes outside 1...200 points are
    /// clamped; a non-finite size keeps the current one.
    public func font(size: Double, weight: FontWeight = .regular) -> ContactAccessButton {
        with {
            $0.fontSize = Appearance.sanitized(size, in: 1...200, otherwise: $0.fontSize)
            $0.fontWeight = weight
        }
    }

    /// The color of the primary text: the one the contrast rule measures.
    public func foregroundStyle(_ color: Color) -> ContactAccessButton {
        with { $0.foreground = color }
    }

    /// The color of the action label.
    public func tint(_ color: Color) -> ContactAccessButton {
        with { $0.tint = color }
    }

    public func background(_ color: Color) -> ContactAccessButton {
        with { $0.background = color }
    }

    /// Which detail of a single match the button shows under the name.
    public func contactAccessButtonCaption(_ caption: Caption) -> ContactAccessButton {
        with { $0.caption = caption }
    }

    /// The contact image's width; outside 0...200 points it is clamped.
    public func contactAccessButtonStyle(_ style: Style) -> ContactAccessButton {
        with { $0.imageWidth = Appearance.sanitized(style.imageWidth, in: 0...200, otherwise: $0.imageWidth) }
    }

    /// A copy with its appearance changed: the one step every modifier takes.
    private func with(_ change: (inout Appearance) -> Void) -> ContactAccessButton {
        var copy = self
        change(&copy.appearance)
        return copy
    }
}
