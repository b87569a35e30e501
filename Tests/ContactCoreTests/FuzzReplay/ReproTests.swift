import ContactCoreTesting
import Foundation
import Testing

/// The test side of `make fuzz-repro CRASH=path`: with `CONTACTCORE_REPRO=path` set, it prints
/// the input and runs it through its target, so a crash file crashes this test in a debugger-
/// and print-friendly place. Without the variable it is skipped.
@Suite("Fuzz crash reproduction")
struct ReproTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test(.enabled(if: environment["CONTACTCORE_REPRO"] != nil, "set CONTACTCORE_REPRO=<crash file>"))
    func reproduceCrashFile() throws {
        let path = try #require(Self.environment["CONTACTCORE_REPRO"])
        let target = try #require(
            Self.target(named: Self.environment["CONTACTCORE_REPRO_TARGET"], path: path),
            "no fuzz target in \(path); set CONTACTCORE_REPRO_TARGET")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))

        // Standard error is unbuffered, so this is out before a trap ends the process.
        Self.report("\(target.rawValue) input, \(bytes.count) bytes:\n\(Self.hexDump(bytes))")
        target.run(bytes)
        Self.report("\(target.rawValue) ran the input to the end: no invariant broke.")
    }

    static func report(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// The target named by `name`, else the last path component that names one
    /// (`Fuzz/Crashes/<Target>/crash-…`, `Fuzz/Regressions/<Target>/…`, `Corpus/<Target>/…`).
    static func target(named name: String?, path: String) -> FuzzTarget? {
        if let name { return FuzzTarget(rawValue: name) }
        return URL(fileURLWithPath: path).pathComponents.reversed().lazy.compactMap(FuzzTarget.init(rawValue:)).first
    }

    /// Sixteen bytes a line: offset, hex, and the printable ASCII.
    static func hexDump(_ bytes: [UInt8]) -> String {
        stride(from: 0, to: bytes.count, by: 16).map { offset in
            let line = bytes[offset..<min(offset + 16, bytes.count)]
            let hex = line.map { String(format: "%02x", $0) }.joined(separator: " ")
            let text = String(line.map { (0x20..<0x7f).contains($0) ? Character(UnicodeScalar($0)) : "." })
            return String(format: "%06x  ", offset) + hex.padding(toLength: 48, withPad: " ", startingAt: 0) + " " + text
        }.joined(separator: "\n")
    }
}
