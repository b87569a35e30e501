import ContactCore
import Foundation

/// FuzzVCard's check, also run by the corpus replay and the vCard property tests: any bytes
/// either fail to read with a ``VCardError`` or give contacts that survive writing and reading.
///
/// For an input that reads, its 3.0 export (even length) or 4.0 export (odd) must fold to at most 75 octets per line
/// with no UTF-8 sequence split, and read back equal. For an input that fails, the error's
/// line must exist, and the lenient read's first error must be the strict read's. Limits are
/// small so each input stays fast; no Foundation string search, one `Data` per pass.
package enum VCardCheck {
    package static let limits = VCardLimits(
        maximumFileSize: 1 << 20, maximumCards: 256, maximumPropertiesPerCard: 1_024, maximumLineLength: 1 << 18)

    /// `nil` when `bytes` behave, else what went wrong, with the input.
    package static func check(_ bytes: [UInt8]) -> String? {
        let data = Data(bytes)
        let strict: VCardImport
        do {
            strict = try VCardSerialization.read(data, limits: limits)
        } catch {
            let lines = lineCount(bytes)
            if error.line < 0 || error.line > lines || error.card < 0 {
                return failure("error names a line or card that does not exist: \(error)", bytes)
            }
            // The lenient read goes on past the first error, and must have met the same one.
            let lenient = VCardSerialization.readLeniently(data, limits: limits)
            if lenient.errors.first != error {
                return failure("lenient read's first error \(String(describing: lenient.errors.first)) is not the strict read's \(error)", bytes)
            }
            return nil
        }
        // One version per input, by its length: mutations change lengths all the time, so both
        // versions are exercised, and each input costs one export and one read instead of two.
        for version in [bytes.count % 2 == 0 ? VCardVersion.v3_0 : .v4_0] {
            let exportedData = VCardSerialization.data(from: strict.contacts, version: version)
            let exported = [UInt8](exportedData)
            if let problem = foldingProblem(exported) {
                return failure("\(version.rawValue) export: \(problem)", bytes)
            }
            do {
                let again = try VCardSerialization.contacts(from: exportedData)
                guard again == strict.contacts else {
                    let index = (0..<min(again.count, strict.contacts.count)).first { again[$0] != strict.contacts[$0] } ?? min(again.count, strict.contacts.count)
                    let first = index < strict.contacts.count ? "\(strict.contacts[index])" : "none"
                    let second = index < again.count ? "\(again[index])" : "none"
                    return failure("""
                        \(version.rawValue) export does not read back equal at contact \(index):
                        read:    \(first)
                        re-read: \(second)
                        export:
                        \(String(decoding: exported, as: UTF8.self))
                        """, bytes)
                }
            } catch {
                return failure("\(version.rawValue) export does not read back: \(error)\n\(String(decoding: exported, as: UTF8.self))", bytes)
            }
        }
        return nil
    }

    /// What is wrong with the physical lines of an export, if anything: each ends in CRLF,
    /// holds at most 75 octets, and splits no UTF-8 sequence.
    package static func foldingProblem(_ bytes: [UInt8]) -> String? {
        var start = 0
        var number = 1
        let ends = lineEnds(bytes)
        if ends.last.map({ $0 != bytes.count - 1 }) ?? !bytes.isEmpty { return "the export does not end with a line feed" }
        for end in ends {
            guard end > start, bytes[end - 1] == 13 else {
                return "line \(number) does not end with CRLF"
            }
            let length = end - 1 - start
            if length > 75 { return "line \(number) is \(length) octets" }
            // The export is UTF-8 as a whole, so a split shows as a line (after a fold's
            // space) starting with a continuation byte, or ending with an unfinished sequence.
            let first = number > 1 && bytes[start] == 32 && length > 1 ? bytes[start + 1] : bytes[start]
            if length > 0, first & 0xC0 == 0x80 { return "line \(number) starts inside a UTF-8 sequence" }
            var back = end - 2
            var continuation = 0
            while back >= start, bytes[back] & 0xC0 == 0x80 {
                continuation += 1
                back -= 1
            }
            if back >= start {
                let lead = bytes[back]
                let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                if continuation + 1 != width, lead >= 0xC0 { return "line \(number) ends inside a UTF-8 sequence" }
            }
            start = end + 1
            number += 1
        }
        return nil
    }

    /// How many lines `bytes` has (line feeds plus one), counted with `memchr`, no array.
    private static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 1
            guard let base = buffer.baseAddress else { return count }
            var position = 0
            while position < buffer.count, let found = memchr(base + position, 10, buffer.count - position) {
                count += 1
                position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return count
        }
    }

    /// Positions of every LF, found with `memchr` (cheaper under fuzzing's compare tracing
    /// than a loop over the bytes).
    private static func lineEnds(_ bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            var ends: [Int] = []
            guard let base = buffer.baseAddress else { return ends }
            var position = 0
            while position < buffer.count, let found = memchr(base + position, 10, buffer.count - position) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                ends.append(index)
                position = index + 1
            }
            return ends
        }
    }

    private static func failure(_ message: String, _ bytes: [UInt8]) -> String {
        let shown = bytes.prefix(2_000).map { byte in
            byte == 10 ? "\\n" : byte == 13 ? "\\r" : (32..<127).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
        }.joined()
        return "\(message)\ninput (\(bytes.count) bytes): \"\(shown)\""
    }
}
