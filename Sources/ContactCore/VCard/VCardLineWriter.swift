/// Writes content lines: escapes values, quotes parameters, folds at 75 octets, ends with CRLF.
///
/// A line is assembled whole, then copied out folded: a break goes before the first UTF-8
/// sequence that would take the physical line past 75 octets (CRLF not counted), so no
/// sequence is ever split and a continuation line (a space, then up to 74 octets) is never
/// longer either. Text escapes `\`, `,`, `;` and line feeds (RFC 6350 3.4); parameter values
/// are always quoted and use RFC 6868's `^^`, `^'` and `^n`. A NUL cannot be written in a
/// vCard and is dropped; every other character, control characters included, is kept.
struct VCardLineWriter {
    static let maximumLineOctets = 75

    private(set) var output: [UInt8] = []
    private var line: [UInt8] = []

    init(capacity: Int = 0) { output.reserveCapacity(capacity) }

    mutating func begin(_ name: String, group: String? = nil) {
        line.removeAll(keepingCapacity: true)
        if let group {
            line.append(contentsOf: group.utf8)
            line.append(46)
        }
        line.append(contentsOf: name.utf8)
    }

    /// `;NAME=A,B`, for fixed tokens that need no quoting.
    mutating func tokens(_ name: String, _ values: [String]) {
        tokens(name, values, [], lowercased: false)
    }

    /// `;NAME=` and the tokens of `first` then `second`, ASCII lower-cased if asked (4.0's
    /// examples spell types in lower case, 3.0's in upper case); nothing if both are empty.
    mutating func tokens(_ name: String, _ first: [String], _ second: [String], lowercased: Bool) {
        guard !first.isEmpty || !second.isEmpty else { return }
        line.append(59)
        line.append(contentsOf: name.utf8)
        line.append(61)
        var separate = false
        func write(_ values: [String]) {
            for value in values {
                if separate { line.append(44) }
                separate = true
                if lowercased {
                    for byte in value.utf8 { line.append(byte >= 65 && byte <= 90 ? byte | 32 : byte) }
                } else {
                    line.append(contentsOf: value.utf8)
                }
            }
        }
        write(first)
        write(second)
    }

    /// `;NAME="text"`, RFC 6868 escaped.
    mutating func parameter(_ name: String, _ text: String) {
        line.append(59)
        line.append(contentsOf: name.utf8)
        line.append(61)
        line.append(34)
        var afterCR = false
        for byte in text.utf8 {
            defer { afterCR = byte == 13 }
            switch byte {
            case 94: line.append(94); line.append(94)
            case 34: line.append(94); line.append(39)
            case 10: if !afterCR { line.append(94); line.append(110) }
            case 13: line.append(94); line.append(110)
            case 0: continue
            default: line.append(byte)
            }
        }
        line.append(34)
    }

    /// `:` and one escaped text value.
    mutating func value(_ text: String) {
        line.append(58)
        escape(text)
    }

    /// `:` and escaped components joined by `;`.
    mutating func components(_ parts: String...) {
        line.append(58)
        var separate = false
        for part in parts {
            if separate { line.append(59) }
            separate = true
            escape(part)
        }
    }

    /// `:` and text written as it is (base64, dates, URI prefixes without specials).
    mutating func raw(_ text: String) {
        line.append(58)
        line.append(contentsOf: text.utf8)
    }

    /// Appends escaped text to the value being written, after ``raw(_:)``.
    mutating func escape(_ text: String) {
        var plain = true
        for byte in text.utf8 where Self.special[Int(byte)] {
            plain = false
            break
        }
        if plain {
            line.append(contentsOf: text.utf8)
            return
        }
        var afterCR = false
        for byte in text.utf8 {
            defer { afterCR = byte == 13 }
            switch byte {
            case 92: line.append(92); line.append(92)
            case 44: line.append(92); line.append(44)
            case 59: line.append(92); line.append(59)
            // CR LF, CR and LF are each one line break, `\n` (a raw CR would end the line).
            case 10: if !afterCR { line.append(92); line.append(110) }
            case 13: line.append(92); line.append(110)
            case 0: continue
            default: line.append(byte)
            }
        }
    }

    /// The bytes text escapes or drops: `\`, `,`, `;`, LF and NUL.
    private static let special: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in [92, 44, 59, 10, 13, 0] { table[byte] = true }
        return table
    }()

    /// Ends the line: folds it into the output and adds CRLF.
    mutating func end() {
        Self.fold(line, into: &output)
    }

    /// Appends `line` folded to 75 octets per physical line, each ended by CRLF.
    ///
    /// A break that would land inside a UTF-8 sequence moves back to the sequence's first byte.
    static func fold(_ line: [UInt8], into output: inout [UInt8]) {
        line.withUnsafeBufferPointer { buffer in
            var start = 0
            var room = maximumLineOctets
            while buffer.count - start > room {
                var end = start + room
                while end > start + 1, buffer[end] & 0xC0 == 0x80 { end -= 1 }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]))
                output.append(13)
                output.append(10)
                output.append(32)
                start = end
                room = maximumLineOctets - 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
        output.append(13)
        output.append(10)
    }
}
