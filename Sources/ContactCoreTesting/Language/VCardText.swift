import ContactCore

/// FuzzVCard's input language (`Fuzz/FORMAT.md`): after a leading `0x00` the bytes spell a
/// vCard file out of ``VCardVocabulary`` — versions 2.1, 3.0 and 4.0, every line end, folds at
/// any byte (inside a UTF-8 sequence too), quoted-printable with soft breaks, escapes,
/// parameter spellings, groups, charsets and bad lines among good ones — so that from an
/// empty corpus the fuzzer writes real vCards at once. After `0x01` a header names the
/// limits, keys, export version and text an app writes, and the rest is the file as it is
/// (what the reducer writes); any other input is a file as it is.
package enum VCardText {
    package static let explicitHeader: UInt8 = 1
    package static let maximumLines = 24

    package static func input(_ bytes: [UInt8]) -> VCardInput {
        var noLayout: Layout?
        switch bytes.first {
        case 0: return generated(bytes.dropFirst(), layout: &noLayout)
        case explicitHeader where bytes.count >= 6:
            let flags = bytes[1]
            let mask = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[2 + $1]) << (8 * $1) }
            let keys = flags & 4 == 0 ? nil : ContactKey.allCases.enumerated().filter { mask & 1 << $0.offset != 0 }.map(\.element)
            var rest = bytes.dropFirst(6)
            var appText: String?
            if flags & 8 != 0 {
                let length = Int(rest.first ?? 0)
                appText = String(decoding: rest.dropFirst().prefix(length), as: UTF8.self)
                rest = rest.dropFirst(1 + length)
            }
            return VCardInput(file: Array(rest), smallLimits: flags & 1 != 0, keys: keys, exportVersion: flags & 2 == 0 ? .v3_0 : .v4_0,
                              appText: appText)
        default:
            // Raw bytes: mutations change lengths all the time, so both export versions are met.
            return VCardInput(file: bytes, exportVersion: bytes.count % 2 == 0 ? .v3_0 : .v4_0)
        }
    }

    /// Where a generated input's lines are, and how many values each byte read has: what
    /// the custom mutator (``VCardMutator``) deletes, repeats, moves and changes.
    package struct Layout: Sendable {
        /// The bytes of each line, in order.
        package var lines: [Range<Int>] = []
        /// For each byte of the input up to the last one read: a table's count (a property, a
        /// parameter, a value of ``VCardVocabulary/values``, a fragment) or 256.
        package var domains: [Int] = []
    }

    /// The layout of a generated input (one led by `0x00`); no lines for other inputs.
    package static func layout(_ bytes: [UInt8]) -> Layout {
        guard bytes.first == 0 else { return Layout() }
        var layout: Layout? = Layout()
        _ = generated(bytes.dropFirst(), layout: &layout)
        return layout ?? Layout()
    }

    /// A file spelled from the vocabulary. Two header bytes, then per line: a property byte,
    /// a modifier byte, parameter bytes, the value, and a fold byte when the line folds.
    /// `layout`, unless `nil` (fuzzing's every input), gets the bytes each line was read from.
    private static func generated(_ bytes: ArraySlice<UInt8>, layout: inout Layout?) -> VCardInput {
        var r = ByteReader(bytes, recording: layout != nil)
        defer { layout?.domains = [1] + r.domains }
        let shape = r.byte()
        let options = r.byte()
        let version = ["3.0", "4.0", "2.1", nil][Int(shape & 3)]
        let ends = VCardVocabulary.lineEnds
        let fileEnd = ends[Int(shape >> 2 & 7) % ends.count]
        let mixedEnds = shape >> 2 & 7 >= ends.count
        var input = VCardInput(file: [], smallLimits: shape & 0x80 != 0, exportVersion: options & 0x40 == 0 ? .v3_0 : .v4_0)
        if options & 7 != 0 {
            input.keys = ContactKey.allCases.enumerated().filter { options & 7 & 1 << ($0.offset % 3) != 0 }.map(\.element)
        }
        if options & 0x80 != 0 {
            // One to four pieces of the fragments, NUL and a lone CR among them.
            input.appText = (0...(r.byte() & 3)).map { _ in VCardVocabulary.appTextPieces[r.index(VCardVocabulary.appTextPieces.count)] }.joined()
        }
        var file: [UInt8] = shape & 0x20 != 0 ? [0xEF, 0xBB, 0xBF] : []
        func marker(_ word: String) -> [UInt8] {
            let text = options & 0x20 != 0 ? word.lowercased() : word
            return Array(text.utf8) + (options & 0x10 != 0 ? [0x20, 0x09] : [])
        }
        func end(_ variant: UInt8) -> [UInt8] { mixedEnds ? ends[Int(variant) % ends.count] : fileEnd }
        func cardStart() {
            file += marker("BEGIN:VCARD") + fileEnd
            if let version { file += Array("VERSION:\(version)".utf8) + fileEnd }
        }
        cardStart()
        let names = VCardVocabulary.propertyNames.count + VCardVocabulary.junkLines.count
        for _ in 0..<maximumLines where !r.isAtEnd {
            let start = r.position
            defer { layout?.lines.append(start..<r.position) }
            let name = r.byte()
            // The last value of the byte's domain stands for every one that ends the card.
            r.settle(min(name, UInt8(names)), domain: names + 1)
            guard Int(name) < names else {
                file += marker("END:VCARD") + fileEnd
                cardStart()
                continue
            }
            let modifier = r.byte()
            guard Int(name) < VCardVocabulary.propertyNames.count else {
                file += VCardVocabulary.junkLines[Int(name) - VCardVocabulary.propertyNames.count] + end(modifier)
                continue
            }
            var line: [UInt8] = modifier & 0x40 == 0 ? [] : VCardVocabulary.groups[r.index(VCardVocabulary.groups.count)]
            let propertyName = VCardVocabulary.propertyNames[Int(name)]
            line += modifier & 1 == 0 ? Array(propertyName.utf8) : Array(propertyName.lowercased().utf8)
            for _ in 0..<(modifier >> 1 & 3) { line += VCardVocabulary.parameters[r.index(VCardVocabulary.parameters.count)] }
            var value = self.value(&r)
            if modifier & 8 != 0 {
                line += Array((version == "2.1" ? ";QUOTED-PRINTABLE" : ";ENCODING=QUOTED-PRINTABLE").utf8)
                let soft = r.byte()
                value = quotedPrintable(value, softBreakEvery: Int(soft & 0x7F) % 24 + 4, lowerCase: soft & 0x80 != 0, end: end(modifier))
            }
            line += [0x3A] + value
            if modifier & 0x30 != 0 {
                line = folded(line, every: Int(r.byte() % 80) + 1, with: modifier & 0x20 == 0 ? 0x20 : 0x09, end: end(modifier))
            }
            file += line + end(modifier)
        }
        if options & 8 == 0 { file += marker("END:VCARD") + (shape & 0x40 == 0 ? fileEnd : []) }
        input.file = file
        return input
    }

    /// A value of the vocabulary (selector below 0x80), else one to four pieces, each a
    /// fragment or a run long enough to fold (length from the next byte).
    private static func value(_ r: inout ByteReader) -> [UInt8] {
        let selector = r.byte()
        guard selector >= 0x80 else {
            let index = Int(selector) % VCardVocabulary.values.count
            r.settle(UInt8(index), domain: VCardVocabulary.values.count)
            return Array(VCardVocabulary.values[index].utf8)
        }
        return (0...(selector & 3)).flatMap { _ -> [UInt8] in
            let piece = r.byte()
            guard piece >= 0xF0 else {
                let count = VCardVocabulary.fragments.count + VCardVocabulary.rawFragments.count
                let index = Int(piece) % count
                r.settle(UInt8(index), domain: count)
                return index < VCardVocabulary.fragments.count
                    ? Array(VCardVocabulary.fragments[index].utf8) : VCardVocabulary.rawFragments[index - VCardVocabulary.fragments.count]
            }
            let run = VCardVocabulary.runs[Int(piece & 0x0F) % VCardVocabulary.runs.count]
            return Array(String(repeating: run, count: Int(r.byte() % 64)).utf8)
        }
    }

    /// `value` in quoted-printable: printable ASCII but `=` as it is, every other byte `=XX` (in
    /// lower case if asked: RFC 2045 writes upper case, but some encoders do not), and a soft
    /// break (`=` and a line end) after every `every` characters.
    private static func quotedPrintable(_ value: [UInt8], softBreakEvery every: Int, lowerCase: Bool, end: [UInt8]) -> [UInt8] {
        let digits = lowerCase ? lowerHexDigits : hexDigits
        var encoded: [UInt8] = []
        var column = 0
        for byte in value {
            let plain = (0x21...0x7E).contains(byte) && byte != 0x3D
            let width = plain ? 1 : 3
            if column + width > every {
                encoded.append(0x3D)
                encoded += end
                column = 0
            }
            if plain {
                encoded.append(byte)
            } else {
                encoded.append(0x3D)
                encoded.append(digits[Int(byte >> 4)])
                encoded.append(digits[Int(byte & 15)])
            }
            column += width
        }
        return encoded
    }

    /// `line` folded after every `every` bytes, wherever that falls: a line end, then `blank`.
    private static func folded(_ line: [UInt8], every: Int, with blank: UInt8, end: [UInt8]) -> [UInt8] {
        var folded: [UInt8] = []
        for start in stride(from: 0, to: line.count, by: every) {
            if start > 0 {
                folded += end
                folded.append(blank)
            }
            folded += line[start..<min(start + every, line.count)]
        }
        return folded
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    private static let lowerHexDigits = Array("0123456789abcdef".utf8)
}
