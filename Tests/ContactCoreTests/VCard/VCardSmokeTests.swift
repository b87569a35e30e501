import ContactCore
import Foundation
import Testing

@Suite("VCard smoke")
struct VCardSmokeTests {
    @Test(arguments: VCardFixtures.names)
    func fixtureReads(_ name: String) throws {
        let result = try VCardFixtures.read(name)
        print(name, result.report)
        for contact in result.contacts { print(contact) }
        let again = VCardSerialization.data(from: result.contacts)
        print(String(decoding: again, as: UTF8.self))
        #expect(try VCardSerialization.contacts(from: again) == result.contacts)
        let four = VCardSerialization.data(from: result.contacts, version: .v4_0)
        print(String(decoding: four, as: UTF8.self))
        #expect(try VCardSerialization.contacts(from: four) == result.contacts)
    }
}
