import Testing
import ContactCore

/// The README's example, verbatim, so the README cannot drift from the library.
@Suite("README example")
struct ReadmeExampleTests {
    @Test func limitedAccessExample() throws {
        let device = ContactDevice(seed: 1)
        let owner = device.store(for: AppConfiguration(bundleIdentifier: "owner", usageDescription: "Owner"))
        try device.applySettings(.allowFull, to: "owner")
        var someoneElse = MutableContact()
        someoneElse.givenName = "Alan"
        var seed = SaveRequest()
        seed.add(someoneElse)
        try owner.execute(seed)

        // README begins
        device.setPromptResponder { _ in .allowLimited([]) }     // the person shares nothing yet
        let app = device.store(for: AppConfiguration(bundleIdentifier: "com.example.chat",
                                                     usageDescription: "Find friends who use Chat."))
        try app.requestAccess()                                  // status: .limited, P = []
        var friend = MutableContact(); friend.givenName = "Ada"
        var request = SaveRequest(); request.add(friend)
        try app.execute(request)                                 // contacts the app creates join P
        let visible = try app.unifiedContacts(matching: .name("a"), keysToFetch: [.givenName])
        // README ends

        #expect(app.authorizationStatus == .limited)
        #expect(try visible.map { try $0.givenName } == ["Ada"], "Alan exists but is invisible to the app")
    }
}
