import ContactCoreTesting
import Foundation
import PropertyBased

/// Generators of fuzz inputs for the property tests and the seed corpus.
///
/// They generate the *parts* of an input (header bytes, then one byte array per record) and
/// lay them out with the targets' own `input(…)` functions, so shrinking drops whole records
/// (operations) and lowers bytes inside them, and never breaks the framing.
enum EngineInputs {
    /// Scenarios each property runs: `CONTACTCORE_PROPERTY_CASES` if set (the nightly job
    /// sets it large), else a count that keeps `swift test` quick.
    static let cases = ProcessInfo.processInfo.environment["CONTACTCORE_PROPERTY_CASES"].flatMap { Int($0) } ?? 250

    static let permittedSet = zip(
        Gen.uint8().array(of: 6),
        Gen.uint8().array(of: 1...16).array(of: 0...24)
    ).map { header, records in PermittedSetFuzz.input(header: header, records: records) }

    static let identifierFetch = zip(
        Gen.uint8().array(of: 5),
        Gen.uint8().array(of: 3).array(of: 0...12),
        Gen.uint8().array(of: 1...6).array(of: 0...12)
    ).map { header, contacts, identifiers in IdentifierFetchFuzz.input(header: header, contacts: contacts, identifiers: identifiers) }

    /// The same inputs every run: `count` from a fixed seed.
    static func fixed<Shrinker>(_ generator: Generator<[UInt8], Shrinker>, count: Int, seed: UInt64 = 20_251_121) -> [[UInt8]] {
        var random = Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
        return (0..<count).map { _ in generator.run(using: &random) }
    }

    /// An input as a Swift array literal, to paste into a regression test or a file.
    static func literal(_ bytes: [UInt8]) -> String {
        "[" + bytes.map { String(format: "0x%02X", $0) }.joined(separator: ", ") + "]"
    }
}
