import ContactCore
import Foundation
import Testing

/// The vCard fixtures in `Tests/Fixtures/vcard/`, read by path from this file.
///
/// Read through `#filePath` rather than as bundle resources: SwiftPM does not copy resources
/// from outside a target's folder, and the fuzz corpus and its replay test find the same
/// files the same way, from every build folder and on every platform.
enum VCardFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = root.appendingPathComponent("Tests/Fixtures/vcard")

    static let names = [
        "android-2.1.vcf", "apple-3.0.vcf", "google-3.0.vcf", "international-3.0.vcf", "outlook-2.1.vcf", "rfc6350-4.0.vcf",
    ]

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    static func contacts(_ name: String) throws -> [MutableContact] {
        try VCardSerialization.contacts(from: data(name))
    }

    static func read(_ name: String) throws -> VCardImport { try VCardSerialization.read(data(name)) }
}

/// A vCard from lines joined by CRLF.
func vcard(_ lines: String...) -> Data { Data((lines.joined(separator: "\r\n") + "\r\n").utf8) }

/// One card around `properties`.
func card(_ properties: String..., version: String = "3.0") -> Data {
    Data((["BEGIN:VCARD", "VERSION:\(version)"] + properties + ["END:VCARD"]).joined(separator: "\r\n").utf8 + [13, 10])
}

/// The contact of a one-card vCard, or a recorded issue.
func single(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> MutableContact {
    let contacts = try VCardSerialization.contacts(from: data)
    try #require(contacts.count == 1, "expected one contact, got \(contacts.count)", sourceLocation: sourceLocation)
    return contacts[0]
}

/// The `VCardError` reading `data` throws, or `nil`.
func vCardError(_ data: Data, limits: VCardLimits = .default) -> VCardError? {
    do {
        _ = try VCardSerialization.contacts(from: data, limits: limits)
        return nil
    } catch {
        return error
    }
}
