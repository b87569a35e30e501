/// Edits FuzzVCard's inputs by lines, not bytes: the vCard targets' custom mutator and
/// cross-over (Fuzz/HARNESS.md, "Mutations").
///
/// A generated input (``VCardText``) is its header and the bytes of each line; any other input
/// is its explicit header, if any, and the file's lines, each with its line end. An edit
/// inserts, deletes, repeats or moves a line, changes one byte of a line or of the header,
/// takes bytes out of a line, puts one in or repeats a few, its line end kept, or changes a
/// field: in a generated line one byte to another entry of the table it indexes (a property, a
/// parameter, a value), in a file's line its property name or value to another of the
/// vocabulary, or a parameter put in; or puts an entry of the dictionary into a file's line. A
/// share of the results is no edit but a new card (``generated(using:)``).
package struct VCardMutator {
    package let maxSize: Int
    /// The target's dictionary (`-dict=`), whose entries an edit puts into a file's line.
    package let dictionary: FuzzDictionary

    package init(maxSize: Int, dictionary: FuzzDictionary = FuzzDictionary()) {
        self.maxSize = maxSize
        self.dictionary = dictionary
    }

    /// An input cut into its head and its lines; the bytes after the last line a generated
    /// input reads (past ``VCardText/maximumLines``) are dropped.
    struct Parts {
        var head: [UInt8]
        var lines: [[UInt8]]
        /// For a generated input, each line's bytes' domains (``VCardText/Layout/domains``).
        var domains: [[Int]] = []
        let generated: Bool

        init(_ bytes: [UInt8]) {
            generated = bytes.first == 0
            if generated {
                let layout = VCardText.layout(bytes)
                head = Array(bytes[..<(layout.lines.first?.lowerBound ?? bytes.count)])
                lines = layout.lines.map { Array(bytes[$0]) }
                domains = layout.lines.map { Array(layout.domains[$0.clamped(to: layout.domains.indices)]) }
                return
            }
            var headLength = 0
            if bytes.first == VCardText.explicitHeader, bytes.count >= 6 {
                headLength = 6 + (bytes[1] & 8 != 0 && bytes.count > 6 ? 1 + Int(bytes[6]) : 0)
            }
            head = Array(bytes.prefix(headLength))
            lines = bytes.dropFirst(headLength).split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) + [0x0A] }
            // The last piece had no line end of its own.
            if let last = lines.indices.last { lines[last].removeLast() }
            if lines.last?.isEmpty == true { lines.removeLast() }
        }

        var bytes: [UInt8] { head + lines.joined() }

        /// How many bytes of line `i` come before its line end (a generated line has none).
        func bodyLength(of i: Int) -> Int {
            lines[i].count - (generated ? 0 : VCardMutator.lineEndLength(of: lines[i]))
        }
    }

    /// `bytes` after one edit of its lines or header; `nil` when the edit changed nothing or
    /// the result is longer than ``maxSize``.
    package func mutate(_ bytes: [UInt8], using random: inout some RandomNumberGenerator) -> [UInt8]? {
        if Double.random(in: 0..<1, using: &random) < Self.generatedShare {
            let made = generated(using: &random)
            return made.count <= maxSize ? made : nil
        }
        var parts = Parts(bytes)
        let lines = parts.lines.indices
        switch Int.random(in: 0..<16, using: &random) {
        case 0, 1:
            parts.lines.insert(newLine(generated: parts.generated, using: &random),
                               at: Int.random(in: 0...parts.lines.count, using: &random))
        case 2:
            if let i = lines.randomElement(using: &random) { parts.lines.remove(at: i) }
        case 3:
            if let i = lines.randomElement(using: &random) { parts.lines.insert(parts.lines[i], at: i) }
        case 4:
            if let i = lines.randomElement(using: &random) {
                let line = parts.lines.remove(at: i)
                parts.lines.insert(line, at: Int.random(in: 0...parts.lines.count, using: &random))
            }
        case 5, 6, 7:
            if let i = lines.randomElement(using: &random), !parts.lines[i].isEmpty {
                let j = Int.random(in: parts.lines[i].indices, using: &random)
                parts.lines[i][j] = byte(generated: parts.generated, using: &random)
            }
        case 8, 9:
            // Bytes out of a line or into it, its line end kept: a value's field emptied
            // ("N:Doe;John" to "N:;John"), a parameter cut short, or a few bytes repeated up
            // to 64 times: a value long enough to fold, to grow a decoder's buffer.
            if let i = lines.randomElement(using: &random) {
                let body = parts.bodyLength(of: i)
                let at = Int.random(in: 0...body, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where at < body:
                    parts.lines[i].removeSubrange(at..<min(body, at + Int.random(in: 1...4, using: &random)))
                case 1 where at < body:
                    let piece = parts.lines[i][at..<min(body, at + Int.random(in: 1...4, using: &random))]
                    parts.lines[i].insert(contentsOf: repeatElement(piece, count: Int.random(in: 1...63, using: &random)).joined(), at: at)
                default:
                    parts.lines[i].insert(byte(generated: parts.generated, using: &random), at: at)
                }
            }
        case let kind where kind >= 11:
            // 11–13 change a field; 14 and 15 put in an entry of the dictionary, or in a
            // generated input (or with no dictionary) change a field too.
            guard let i = lines.randomElement(using: &random) else { break }
            if kind >= 14, !parts.generated, let entry = dictionary.entries.randomElement(using: &random) {
                // What libFuzzer's dictionary mutation does, inside a line's body: `TYPE=friend`
                // into a parameter, `=C3=A9` into a value.
                parts.lines[i].insert(contentsOf: entry, at: Int.random(in: 0...parts.bodyLength(of: i), using: &random))
            } else {
                parts.lines[i] = parts.generated ? Self.field(of: parts.lines[i], domains: parts.domains[i], using: &random)
                    : Self.field(of: parts.lines[i], using: &random)
            }
        default:
            if parts.head.count > 1 {
                let j = Int.random(in: parts.head.indices.dropFirst(), using: &random)
                parts.head[j] = UInt8.random(in: 0...255, using: &random)
            }
        }
        let result = parts.bytes
        return result != bytes && result.count <= maxSize ? result : nil
    }

    /// A generated line with one byte changed: to another entry of the table it indexes, or,
    /// for a byte of bits (a modifier, a length), one bit flipped.
    package static func field(of line: [UInt8], domains: [Int], using random: inout some RandomNumberGenerator) -> [UInt8] {
        guard let j = domains.indices.randomElement(using: &random) else { return line }
        var line = line
        if domains[j] < 256 {
            line[j] = Mutator.entry(below: domains[j], not: line[j], using: &random)
        } else {
            line[j] ^= 1 << UInt8.random(in: 0...7, using: &random)
        }
        return line
    }

    /// A file's line with its property name (after a group) or its value (after the first
    /// colon) changed to another of the vocabulary, or a parameter of it put after the name.
    package static func field(of line: [UInt8], using random: inout some RandomNumberGenerator) -> [UInt8] {
        let end = line.count - lineEndLength(of: line)
        let colon = line[..<end].firstIndex(of: 0x3A)
        let nameEnd = line[..<(colon ?? end)].firstIndex(of: 0x3B) ?? colon ?? end
        let nameStart = line[..<nameEnd].lastIndex(of: 0x2E).map { $0 + 1 } ?? 0
        var line = line
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            line.replaceSubrange(nameStart..<nameEnd, with: (VCardVocabulary.propertyNames.randomElement(using: &random) ?? "N").utf8)
        case 1:
            let value = Array((VCardVocabulary.values.randomElement(using: &random) ?? "").utf8)
            line.replaceSubrange((colon.map { $0 + 1 } ?? end)..<end, with: colon == nil ? [0x3A] + value : value)
        default:
            line.insert(contentsOf: VCardVocabulary.parameters.randomElement(using: &random) ?? [], at: nameEnd)
        }
        return line
    }

    /// The share of mutations that make a new generated input (``generated(using:)``) instead.
    package static let generatedShare = 0.25

    /// A new generated input: a random header (version, line ends, limits, keys, export
    /// version, and the pieces of an app's text when it asks for one), an N and an FN line of
    /// values of the vocabulary, as every vCard 3.0 has them, and up to six new lines. Random
    /// testing inside the fuzzer: it writes a whole card at once, which edits reach one line at
    /// a time, and from an empty corpus, whose inputs are no generated ones, it is what starts
    /// the generated form.
    package func generated(using random: inout some RandomNumberGenerator) -> [UInt8] {
        var header = [0, UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random)]
        if header[2] & 0x80 != 0 {
            // The options ask for an app's text: a count of pieces, then each piece's index.
            let pieces = UInt8.random(in: 0...3, using: &random)
            header += [pieces] + (0...pieces).map { _ in UInt8(Int.random(in: 0..<VCardVocabulary.appTextPieces.count, using: &random)) }
        }
        let names = ["N", "FN"].flatMap { name in
            plainLine(UInt8(VCardVocabulary.propertyNames.firstIndex(of: name) ?? 0), modifier: 0, using: &random)
        }
        return header + names + (0..<Int.random(in: 0...6, using: &random)).flatMap { _ in newLine(generated: true, using: &random) }
    }

    /// A generated line of property `name` and a value of the vocabulary: with a modifier of 0 or
    /// 1, no group, parameter, encoding or fold.
    private func plainLine(_ name: UInt8, modifier: UInt8, using random: inout some RandomNumberGenerator) -> [UInt8] {
        [name, modifier, UInt8(Int.random(in: 0..<VCardVocabulary.values.count, using: &random))]
    }

    /// A generated line of property `name`, a `CHARSET` parameter and a value of one to four
    /// pieces: fragments, bytes that are no UTF-8 among them, and runs long enough to fold.
    /// What a value's character set reads and a long line holds, which no value of the
    /// vocabulary does. A field edit makes the parameter any other.
    private func pieceLine(_ name: UInt8, using random: inout some RandomNumberGenerator) -> [UInt8] {
        let pieces = UInt8.random(in: 0...3, using: &random)
        let fragments = VCardVocabulary.fragments.count + VCardVocabulary.rawFragments.count
        // Modifier bits 1–2 count the parameters; a selector of 0x80 or more reads pieces, a
        // piece of 0xF0 or more is a run, as long as the byte after it says.
        return [name, 2 | UInt8.random(in: 0...1, using: &random), Self.charsetParameters.randomElement(using: &random) ?? 0, 0x80 | pieces]
            + (0...pieces).flatMap { _ in
                guard Int.random(in: 0..<4, using: &random) == 0 else { return [UInt8(Int.random(in: 0..<fragments, using: &random))] }
                return [0xF0 | UInt8(Int.random(in: 0..<VCardVocabulary.runs.count, using: &random)), UInt8.random(in: 0...63, using: &random)]
            }
    }

    /// The indices of ``VCardVocabulary/parameters`` that name a character set.
    private static let charsetParameters = VCardVocabulary.parameters.indices.filter {
        String(decoding: VCardVocabulary.parameters[$0], as: UTF8.self).uppercased().hasPrefix(";CHARSET=")
    }.map(UInt8.init)

    /// 2 for a line that ends in CR LF, 1 for LF, 0 for none (a file's last line).
    private static func lineEndLength(of line: [UInt8]) -> Int {
        guard line.last == 0x0A else { return 0 }
        return line.count > 1 && line[line.count - 2] == 0x0D ? 2 : 1
    }

    /// `first`'s head and first lines, then `second`'s last lines; `nil` when that is `first`.
    package func crossOver(_ first: [UInt8], _ second: [UInt8], using random: inout some RandomNumberGenerator) -> [UInt8]? {
        var (a, b) = (Parts(first), Parts(second))
        guard a.generated == b.generated else { return nil }
        a.lines = Array(a.lines.prefix(Int.random(in: 0...a.lines.count, using: &random)))
            + b.lines.suffix(Int.random(in: 0...b.lines.count, using: &random))
        let result = a.bytes
        return result != first && result.count <= maxSize ? result : nil
    }

    /// A line: for a generated input, a property byte (or one that ends the card), then half
    /// the time a plain line's modifier and a value of the vocabulary, a quarter a line of
    /// pieces (``pieceLine(_:using:)``), else a few bytes; for a file, a property of the
    /// vocabulary, perhaps grouped and with a parameter, a value and a line end.
    private func newLine(generated: Bool, using random: inout some RandomNumberGenerator) -> [UInt8] {
        if generated {
            let names = VCardVocabulary.propertyNames.count + VCardVocabulary.junkLines.count
            let name = UInt8(Int.random(in: 0...names, using: &random))
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return [name] + (0..<Int.random(in: 2...6, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            case 1: return pieceLine(name, using: &random)
            // The modifier's bit 0 spells the name in lower case.
            default: return plainLine(name, modifier: UInt8.random(in: 0...1, using: &random), using: &random)
            }
        }
        var line = Bool.random(using: &random) ? VCardVocabulary.groups.randomElement(using: &random) ?? [] : []
        line += Array((VCardVocabulary.propertyNames.randomElement(using: &random) ?? "N").utf8)
        if Bool.random(using: &random) { line += VCardVocabulary.parameters.randomElement(using: &random) ?? [] }
        line += [0x3A] + Array((VCardVocabulary.values.randomElement(using: &random) ?? "").utf8)
        return line + (VCardVocabulary.lineEnds.randomElement(using: &random) ?? [0x0A])
    }

    /// A byte for a line: any, for a generated input; for a file, mostly a character vCard
    /// gives a meaning (a separator, an escape, a quote, a line end, white space).
    private func byte(generated: Bool, using random: inout some RandomNumberGenerator) -> UInt8 {
        guard !generated, Bool.random(using: &random) else { return UInt8.random(in: 0...255, using: &random) }
        return Array(";:,\\=\"^.\r\n \t".utf8).randomElement(using: &random) ?? 0x3B
    }
}
