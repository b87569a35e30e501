import ContactCore
import ContactCoreSQLite
import Foundation

/// A device file made with the library, for the tool to read: the Google fixture's Kate Bell
/// and Daniel Higgins, a group "Friends" holding Kate, `com.example.crm` with full access and
/// `com.example.chat` limited to Daniel.
struct CLIFixture {
    static let crm = "com.example.crm"
    static let chat = "com.example.chat"

    let kate: String
    let daniel: String
    let friends: String

    init(at path: String) throws {
        let device = try ContactDevice(seed: 5, vCard: VCardFixtures.data("google-3.0.vcf"))
        let identifiers = device.allContactIdentifiers
        (kate, daniel) = (identifiers[0], identifiers[1])
        device.setPromptResponder { _ in .allowFull }
        let crm = device.store(for: AppConfiguration(bundleIdentifier: Self.crm, usageDescription: "Shows your customers."))
        var request = SaveRequest(transactionAuthor: "crm")
        let group = request.add(MutableGroup(name: "Friends"))
        request.addMember(.saved(kate), to: group)
        let result = try crm.execute(request)
        friends = try require(result.identifier(for: group))
        device.setPromptResponder { [daniel] _ in .allowLimited([daniel]) }
        try device.store(for: AppConfiguration(bundleIdentifier: Self.chat, usageDescription: "Finds friends.")).requestAccess()
        try device.saveAsDatabase(at: path)
        device.close()
    }
}

private struct MissingValue: Error {}

/// `#require` for code outside a test function.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw MissingValue() }
    return value
}
