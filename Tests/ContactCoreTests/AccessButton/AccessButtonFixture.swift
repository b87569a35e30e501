import ContactCore

/// A device with contacts, an owner app with full access and a chat app that places the
/// access button.
struct AccessButtonFixture {
    static let chatApp = AppConfiguration(bundleIdentifier: "com.example.chat", usageDescription: "Find friends to chat with.")
    /// A legible spot: inside the screen, nothing above it, opaque, big enough.
    static let placement = ContactAccessButton.Placement(
        frame: .init(x: 0, y: 100, width: 360, height: 60), visibleRegion: .init(x: 0, y: 0, width: 390, height: 844))

    let search: SearchFixture
    let chat: ContactStore
    var device: ContactDevice { search.device }

    init() throws {
        search = try SearchFixture()
        chat = search.device.store(for: Self.chatApp)
    }

    func makeLimited(permitting permitted: Set<String> = []) throws {
        try device.applySettings(.allowLimited(permitted), to: Self.chatApp.bundleIdentifier)
    }

    func view(_ button: ContactAccessButton, placement: ContactAccessButton.Placement = placement) -> ContactAccessButtonView {
        device.contactAccessButtonView(button, in: chat, placement: placement)
    }

    func tap(
        _ button: ContactAccessButton, placement: ContactAccessButton.Placement = placement,
        event: ContactAccessButton.Event = .validatedTouch,
        choosing: (([ContactAccessButtonView.Row]) -> [String])? = nil
    ) -> ContactAccessButton.TapOutcome {
        device.tapContactAccessButton(button, in: chat, placement: placement, event: event, choosing: choosing)
    }

    var permitted: Set<String> { device.permittedIdentifiers(for: Self.chatApp.bundleIdentifier) }
}
