import ContactCore
import Testing

/// `checkInvariants()` holds through saves, Settings, deletions and rollbacks.
@Suite struct DeviceInvariantTests {
    @Test func aBusyDeviceKeepsItsInvariants() throws {
        let device = ContactDevice(seed: 4, identity: 4)
        let owner = AppConfiguration(bundleIdentifier: "com.example.owner", usageDescription: "Owner")
        try device.applySettings(.allowFull, to: owner.bundleIdentifier)
        let store = device.store(for: owner)
        var ids: [String] = []
        for name in ["Anna Haro", "王 小明", "やまだ はなこ", "김 민수", "Zoë Ørsted"] {
            var contact = MutableContact()
            let parts = name.split(separator: " ")
            contact.familyName = String(parts[0])
            contact.givenName = String(parts[1])
            var request = SaveRequest()
            let reference = request.add(contact)
            let group = request.add(MutableGroup(name: "G \(name)"))
            request.addMember(reference, to: group)
            ids.append(try #require(try store.execute(request).identifier(for: reference)))
        }
        try device.applySettings(.allowLimited([ids[0], ids[1]]), to: "com.example.chat")
        var delete = SaveRequest()
        delete.deleteContact(.saved(ids[1]))
        try store.execute(delete)
        var failing = SaveRequest()
        failing.deleteContact(.saved(ids[2]))
        failing.deleteContact(.saved("missing"))
        _ = try? store.execute(failing)
        #expect(device.checkInvariants() == [])
        #expect(device.permittedIdentifiers(for: "com.example.chat") == [ids[0]])
    }
}
