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
        guard !values.isEmpty else { return }
        line.append(59)
        line.append(contentsOf: name.utf8)
        line.append(61)
        for (index, value) in values.enumerated() {
            if index > 0 { line.append(44) }
            line.append(contentsOf: value.utf8)
        }
    }

    /// `;NAME="text"`, RFC 6868 escaped.
    mutating func parameter(_ name: String, _ text: String) {
        line.append(59)
        line.append(contentsOf: name.utf8)
        line.append(61)
        line.append(34)
        for byte in text.utf8 {
            switch byte {
            case 94: line.append(contentsOf: [94, 94])
            case 34: line.append(contentsOf: [94, 39])
            case 10: line.append(contentsOf: [94, 110])
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
    mutating func components(_ parts: [String]) {
        line.append(58)
        for (index, part) in parts.enumerated() {
            if index > 0 { line.append(59) }
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
        for byte in text.utf8 {
            switch byte {
            case 92: line.append(contentsOf: [92, 92])
            case 44: line.append(contentsOf: [92, 44])
            case 59: line.append(contentsOf: [92, 59])
            case 10: line.append(contentsOf: [92, 110])
            case 0: continue
            default: line.append(byte)
            }
        }
    }

    /// Ends the line: folds it into the output and adds CRLF.
    mutating func end() {
        Self.fold(line, into: &output)
    }

    /// Appends `line` folded to 75 octets per physical line, each ended by CRLF.
    static func fold(_ line: [UInt8], into output: inout [UInt8]) {
        var length = 0
        var index = 0
        while index < line.count {
            let lead = line[index]
            let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if length + width > maximumLineOctets {
                output.append(contentsOf: [13, 10, 32])
                length = 1
            }
            let end = min(index + width, line.count)
            output.append(contentsOf: line[index..<end])
            length += end - index
            index = end
        }
        output.append(contentsOf: [13, 10])
    }
}
