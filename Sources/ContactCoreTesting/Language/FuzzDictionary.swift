/// A libFuzzer dictionary (`-dict=`, AFL's format) read for the custom mutator: its entries that
/// are one whole record of the harness language, and those that are a program's header.
///
/// libFuzzer's byte mutation inserts an entry anywhere; the mutator (``Mutator``) puts a record
/// between two operations and a header in the header's place, so that every use of an entry
/// spells what the entry was written for.
package struct FuzzDictionary: Sendable, Equatable {
    /// Entries that are a length byte and that many bytes: one operation each, without the length byte.
    package var records: [[UInt8]] = []
    /// Entries as long as the header their first byte, the version, asks for. An entry can be
    /// both a record and a header.
    package var headers: [[UInt8]] = []
    /// Every entry, as the file spells it: what the vCard mutator puts into a line.
    package var entries: [[UInt8]] = []

    package init() {}

    /// The entries of a dictionary file's `text`: each line `name="…"` (or `"…"`) with `\xHH`,
    /// `\\` and `\"` escapes; comments, blank lines and lines in no such form are skipped.
    package init(parsing text: String) {
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            guard let entry = Self.entry(in: Array(line.utf8)), let first = entry.first else { continue }
            entries.append(entry)
            // Both, when it could be either (a version 2 header is three bytes, the first a 2).
            if Int(first) == entry.count - 1, first > 0 { records.append(Array(entry.dropFirst())) }
            if Decoder.headerLength(first) == entry.count { headers.append(entry) }
        }
    }

    /// The bytes between the first `"` and the last of a line, unescaped; `nil` for a comment or
    /// a line without both quotes or with a broken escape.
    private static func entry(in line: [UInt8]) -> [UInt8]? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard line.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) != UInt8(ascii: "#"),
              let open = line.firstIndex(of: quote), let close = line.lastIndex(of: quote), open < close else { return nil }
        var bytes: [UInt8] = []
        var i = open + 1
        while i < close {
            guard line[i] == backslash else {
                bytes.append(line[i])
                i += 1
                continue
            }
            guard i + 1 < close else { return nil }
            if line[i + 1] == UInt8(ascii: "x") {
                guard i + 3 < close, let high = VCardReference.hexDigit(line[i + 2]),
                      let low = VCardReference.hexDigit(line[i + 3]) else { return nil }
                bytes.append(high << 4 | low)
                i += 4
            } else {
                bytes.append(line[i + 1])
                i += 2
            }
        }
        return bytes
    }
}
