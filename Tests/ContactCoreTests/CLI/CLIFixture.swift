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

    /// The device, made once per test run in a folder of its own and copied for each test.
    private static let template: Result<(fixture: CLIFixture, file: Data), any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contactcore-cli-template-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("d.db").path
        let fixture = try CLIFixture(making: path)
        return (fixture, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A copy of the device at `path`, which must not exist.
    init(at path: String) throws {
        let (fixture, file) = try Self.template.get()
        try file.write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        self = fixture
    }

    private init(making path: String) throws {
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
