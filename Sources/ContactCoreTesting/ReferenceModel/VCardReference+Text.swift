import ContactCore

extension VCardReference {
    /// Why a value or a line does not read.
    struct Refusal: Error {
        var code: VCardError.Code
        init(_ code: VCardError.Code) { self.code = code }
    }

    /// `contentline = [group "."] name *(";" param) ":" value` (RFC 6350 3.3), where a 2.1
    /// parameter may be a bare value (`TEL;HOME;VOICE:`), kept with an empty name.
    struct ContentLine {
        var group: [UInt8]?
        var name: [UInt8] = []
        var parameters: [(name: [UInt8], value: [UInt8])] = []
        var value: [UInt8] = []
        /// The whole line's length, which a quoted-printable soft break adds to.
        var bytesCount = 0

        enum Parsed {
            case line(ContentLine)
            case failed(VCardError.Code)
        }

        static func parse(_ bytes: [UInt8]) -> Parsed {
            guard holds(bytes, 0x3A) else { return .failed(.missingColon) }
            var line = ContentLine(bytesCount: bytes.count)
            var index = 0
            // The name, and its group before the last dot: letters, digits, '-' and '_'.
            while index < bytes.count, bytes[index] != 0x3A, bytes[index] != 0x3B {
                guard isNameByte(bytes[index]) || bytes[index] == 0x2E else { return .failed(.invalidName) }
                index += 1
            }
            let head = Array(bytes[..<index])
            if let dot = head.lastIndex(of: 0x2E) {
                line.group = Array(head[..<dot])
                line.name = Array(head[(dot + 1)...])
            } else {
                line.name = head
            }
            if line.name.isEmpty || line.group?.isEmpty == true { return .failed(.invalidName) }
            // Parameters: `;name=value` (a value may be quoted, holding ';' and ':'), or `;value`.
            while index < bytes.count, bytes[index] == 0x3B {
                index += 1
                let nameStart = index
                while index < bytes.count, bytes[index] != 0x3D, bytes[index] != 0x3B, bytes[index] != 0x3A {
                    index += 1
                }
                guard index < bytes.count else { break }
                let name = Array(bytes[nameStart..<index])
                guard bytes[index] == 0x3D else {
                    if !name.isEmpty { line.parameters.append(([], name)) }
                    continue
                }
                index += 1
                let valueStart = index
                var quoted = false
                while index < bytes.count, quoted || (bytes[index] != 0x3B && bytes[index] != 0x3A) {
                    if bytes[index] == 0x22 { quoted.toggle() }
                    index += 1
                }
                if quoted { return .failed(.unterminatedQuote) }
                line.parameters.append((name, Array(bytes[valueStart..<index])))
            }
            guard index < bytes.count, bytes[index] == 0x3A else { return .failed(.missingColon) }
            line.value = Array(bytes[(index + 1)...])
            return .line(line)
        }

        var nameText: String { String(decoding: name, as: UTF8.self) }

        func nameIs(_ literal: String) -> Bool { equalIgnoringCase(name, literal) }

        /// `BEGIN:VCARD` or `END:VCARD`: no group, the value's spaces and tabs aside.
        func isMarker(_ marker: String) -> Bool {
            group == nil && nameIs(marker) && equalIgnoringCase(trimmed(value), "VCARD")
        }

        /// The raw value of the first parameter named `name`.
        func parameter(_ name: String) -> [UInt8]? {
            parameters.first { equalIgnoringCase($0.name, name) }?.value
        }

        var isQuotedPrintable: Bool {
            parameters.contains { ($0.name.isEmpty || equalIgnoringCase($0.name, "ENCODING")) && equalIgnoringCase($0.value, "QUOTED-PRINTABLE") }
        }

        /// The values of every `TYPE` parameter and every bare one, split at commas, a quote
        /// at either end of each removed.
        var types: [[UInt8]] {
            var result: [[UInt8]] = []
            for parameter in parameters where parameter.name.isEmpty || equalIgnoringCase(parameter.name, "TYPE") {
                for var piece in parameter.value.split(separator: 0x2C, omittingEmptySubsequences: false).map(Array.init) {
                    if piece.first == 0x22 { piece.removeFirst() }
                    if piece.last == 0x22 { piece.removeLast() }
                    result.append(piece)
                }
            }
            return result
        }
    }

    // MARK: Bytes

    static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
    }

    static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    static func equalIgnoringCase(_ bytes: [UInt8], _ literal: String) -> Bool {
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        return bytes.count == literal.utf8.count && zip(bytes, literal.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// Without the spaces and tabs at either end.
    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else { return [] }
        return Array(bytes[first...last])
    }

    /// `bytes` cut at each `separator` that no backslash escapes (the escapes kept for `text`).
    static func split(_ bytes: [UInt8], at separator: UInt8) -> [[UInt8]] {
        var pieces: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            let cut = firstIndex(of: separator, in: bytes, from: index) ?? bytes.count
            if let backslash = firstIndex(of: 0x5C, in: bytes, from: index, to: cut) {
                // The backslash and the byte after it, whatever that is, stay in this piece.
                let end = min(backslash + 2, bytes.count)
                pieces[pieces.count - 1] += bytes[index..<end]
                index = end
                continue
            }
            pieces[pieces.count - 1] += bytes[index..<cut]
            if cut < bytes.count { pieces.append([]) }
            index = cut + 1
        }
        return pieces
    }

    // MARK: Text

    /// The character sets a value may name (SPEC 12): UTF-8, or a single-byte one.
    enum Charset {
        case utf8, latin1, windows1252
        /// vCard 2.1 without `CHARSET`: UTF-8 when the bytes are UTF-8, else Windows-1252.
        case utf8ElseWindows1252
    }

    static func charset(named raw: [UInt8]) throws(Refusal) -> Charset {
        let name = Array(try parameterText(raw).utf8)
        switch String(decoding: asciiLowercased(name), as: UTF8.self) {
        case "utf-8", "utf8", "us-ascii", "ascii": return .utf8
        case "iso-8859-1", "iso8859-1", "latin1": return .latin1
        case "windows-1252", "cp1252": return .windows1252
        default: throw Refusal(.unsupportedCharset)
        }
    }

    /// A text value (RFC 6350 3.4): `\\`, `\,`, `\;`, `\:` and `\n` or `\N` undone; any other
    /// backslash stays as written. No NUL; bytes valid in the character set. A line break is LF:
    /// a CR LF pair or a lone CR (which only a transfer encoding can give) is one LF (SPEC 12).
    static func text(_ bytes: [UInt8], _ charset: Charset) throws(Refusal) -> String {
        if holds(bytes, 0) { throw Refusal(.nulByte) }
        if !holds(bytes, 0x5C), !holds(bytes, 0x0D) { return try decode(bytes, charset) }
        var plain: [UInt8] = []
        var index = 0
        while let backslash = firstIndex(of: 0x5C, in: bytes, from: index), backslash + 1 < bytes.count {
            plain += bytes[index..<backslash]
            switch bytes[backslash + 1] {
            case 0x6E, 0x4E: plain.append(0x0A)
            case 0x5C, 0x2C, 0x3B, 0x3A: plain.append(bytes[backslash + 1])
            default: plain += [0x5C, bytes[backslash + 1]]
            }
            index = backslash + 2
        }
        plain += bytes[index...]
        guard holds(plain, 0x0D) else { return try decode(plain, charset) }
        var lines: [UInt8] = []
        for (offset, byte) in plain.enumerated() where byte != 0x0D || offset + 1 == plain.count || plain[offset + 1] != 0x0A {
            lines.append(byte == 0x0D ? 0x0A : byte)
        }
        return try decode(lines, charset)
    }

    /// A parameter's value: quotes dropped, RFC 6868's `^n` (or `^N`), `^'` and `^^` undone; UTF-8.
    static func parameterText(_ bytes: [UInt8]) throws(Refusal) -> String {
        var plain: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0 { throw Refusal(.nulByte) }
            if byte == 0x5E, index + 1 < bytes.count, let meaning = [0x6E: 0x0A, 0x4E: 0x0A, 0x27: 0x22, 0x5E: 0x5E][bytes[index + 1]] {
                plain.append(UInt8(meaning))
                index += 2
            } else {
                if byte != 0x22 { plain.append(byte) }
                index += 1
            }
        }
        return try decode(plain, .utf8)
    }

    static func decode(_ bytes: [UInt8], _ charset: Charset) throws(Refusal) -> String {
        switch charset {
        case .utf8:
            guard isUTF8(bytes) else { throw Refusal(.invalidUTF8) }
            return String(decoding: bytes, as: UTF8.self)
        case .utf8ElseWindows1252:
            return isUTF8(bytes) ? String(decoding: bytes, as: UTF8.self) : try decode(bytes, .windows1252)
        case .latin1:
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .windows1252:
            return String(String.UnicodeScalarView(bytes.map { byte in
                (0x80...0x9F).contains(byte) ? windows1252[Int(byte - 0x80)] : Unicode.Scalar(byte)
            }))
        }
    }

    /// Code page 1252's 0x80–0x9F; its five unassigned bytes stay the C1 controls they are in Latin-1.
    private static let windows1252: [Unicode.Scalar] = [
        "\u{20AC}", "\u{81}", "\u{201A}", "\u{192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{2C6}", "\u{2030}", "\u{160}", "\u{2039}", "\u{152}", "\u{8D}", "\u{17D}", "\u{8F}",
        "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{2DC}", "\u{2122}", "\u{161}", "\u{203A}", "\u{153}", "\u{9D}", "\u{17E}", "\u{178}",
    ]

    /// RFC 3629's well-formed UTF-8 (no overlong form, no surrogate, nothing past U+10FFFF), as
    /// the standard library validates it: a loop of ours here was a tenth of FuzzVCard's time.
    static func isUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    // MARK: Transfer encodings

    /// Quoted-printable (RFC 2045 6.7): `=XX` is a byte, `=` at the very end a soft break;
    /// a CR LF pair in the result is one LF (the encoding writes every line break as `=0D=0A`).
    static func quotedPrintable(_ bytes: [UInt8]) throws(Refusal) -> [UInt8] {
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x3D else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            if index + 1 == bytes.count { break }
            guard index + 2 < bytes.count, let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2]) else {
                throw Refusal(.invalidQuotedPrintable)
            }
            decoded.append(high * 16 + low)
            index += 3
        }
        var result: [UInt8] = []
        for byte in decoded {
            if byte == 0x0A, result.last == 0x0D { result.removeLast() }
            result.append(byte)
        }
        return result
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// Base64 (RFC 4648) with white space skipped and padding optional: at most two `=`,
    /// nothing after them, and never a single character left over.
    static func base64(_ bytes: [UInt8]) throws(Refusal) -> [UInt8] {
        let (result, cut) = try base64KeepingCut(bytes)
        guard !cut else { throw Refusal(.invalidBase64) }
        return result
    }

    /// ``base64(_:)``, but a single character left over with no `=` (data cut short, Decisions
    /// "A photo cut short") gives the whole bytes before it, and `cut`.
    static func base64KeepingCut(_ bytes: [UInt8]) throws(Refusal) -> (bytes: [UInt8], cut: Bool) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var values: [UInt8] = []
        var padding = 0
        for byte in bytes where ![0x20, 0x09, 0x0D, 0x0A].contains(byte) {
            if byte == 0x3D {
                padding += 1
                continue
            }
            guard let value = alphabet.firstIndex(of: byte) else { throw Refusal(.invalidBase64) }
            guard padding == 0 else { throw Refusal(.invalidBase64) }
            values.append(UInt8(value))
        }
        let cut = values.count % 4 == 1 && padding == 0
        if cut { values.removeLast() }
        guard padding <= 2, values.count % 4 != 1 else { throw Refusal(.invalidBase64) }
        var result: [UInt8] = []
        var group = 0
        while group < values.count {
            let chunk = Array(values[group..<min(group + 4, values.count)]) + [0, 0, 0]
            let bits = UInt32(chunk[0]) << 18 | UInt32(chunk[1]) << 12 | UInt32(chunk[2]) << 6 | UInt32(chunk[3])
            let produced = min(values.count - group, 4) * 6 / 8
            for offset in 0..<produced { result.append(UInt8(truncatingIfNeeded: bits >> (16 - 8 * UInt32(offset)))) }
            group += 4
        }
        return (result, cut)
    }
}

extension VCardReference {
    /// Text a contact held as an export then an import give it back (Decisions, "Line breaks
    /// in values" and "Escapes"): CR LF and a lone CR each become one LF, and a NUL, which a
    /// vCard cannot hold, is gone.
    package static func asRead(_ text: String) -> String {
        var read = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\r": read.append("\n")
            case "\n" where afterCR: continue
            case "\u{0}": continue
            default: read.append(scalar)
            }
        }
        return String(read)
    }
}
