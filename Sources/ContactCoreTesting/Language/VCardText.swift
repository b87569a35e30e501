/// FuzzVCard's second input language: after a leading zero byte, the bytes spell a vCard
/// file out of ``VCardVocabulary``, so that from an empty corpus the fuzzer writes real
/// property names, parameters, escapes and lines past the fold at once, not byte by byte.
/// Any other input is read as a vCard file as it is. `Fuzz/FORMAT.md` is the layout.
package enum VCardText {
    package static let maximumLines = 24

    /// The vCard file `bytes` stand for.
    package static func file(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.first == 0 else { return bytes }
        var r = ByteReader(bytes.dropFirst())
        let header = r.byte()
        let version = ["3.0", "4.0", "2.1", nil][Int(header & 3)]
        let newline = header & 4 == 0 ? "\r\n" : "\n"
        let cardStart = "BEGIN:VCARD" + newline + (version.map { "VERSION:\($0)" + newline } ?? "")
        var text = cardStart
        for _ in 0..<maximumLines where !r.isAtEnd {
            let name = r.byte()
            // Past the names, a card break: the next card starts with the same version.
            guard Int(name) < 2 * VCardVocabulary.propertyNames.count else {
                text += "END:VCARD" + newline + cardStart
                continue
            }
            let group = VCardVocabulary.groups[r.index(VCardVocabulary.groups.count)]
            let parameters = (0..<r.index(3)).map { _ in VCardVocabulary.parameters[r.index(VCardVocabulary.parameters.count)] }
            text += group + VCardVocabulary.propertyNames[Int(name) % VCardVocabulary.propertyNames.count]
                + parameters.joined() + ":" + value(&r) + newline
        }
        return Array((text + "END:VCARD" + newline).utf8)
    }

    /// A value of the vocabulary (selector below 0x80), else one to four pieces of text, each a
    /// fragment or a run long enough to fold (length from the next byte).
    private static func value(_ r: inout ByteReader) -> String {
        let selector = r.byte()
        guard selector >= 0x80 else { return VCardVocabulary.values[Int(selector) % VCardVocabulary.values.count] }
        return (0...(selector & 3)).map { _ -> String in
            let piece = r.byte()
            switch piece {
            case 0xF0...:
                let run = VCardVocabulary.runs[Int(piece & 0x0F) % VCardVocabulary.runs.count]
                return String(repeating: run, count: Int(r.byte()))
            default:
                return VCardVocabulary.fragments[Int(piece) % VCardVocabulary.fragments.count]
            }
        }.joined()
    }
}
