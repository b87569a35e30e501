import ContactCore
import Foundation

/// FuzzVCardExport's check, also run by the corpus replay and the vCard property tests: the
/// library's writer against ``VCardReference``.
///
/// The input's file is read by the library, leniently (every card that reads); the export of
/// those contacts, cut to the input's keys, must have CR LF line ends, lines of at most 75
/// octets each valid UTF-8 on its own, RFC 6350's escapes, and read back (by the reference) as
/// exactly the contacts cut to those keys, byte for byte. The reader is ``VCardCheck``'s: one
/// target for each keeps both fast enough to fuzz.
package enum VCardExportCheck {
    /// `nil` when the export of what `bytes` read behaves, else what went wrong.
    package static func check(_ bytes: [UInt8]) -> String? { problem(VCardText.input(bytes))?.detail }

    /// What went wrong, and its kind (as ``VCardCheck/problem(_:)``'s).
    package static func problem(_ input: VCardInput) -> (kind: String, detail: String)? {
        let contacts = VCardSerialization.readLeniently(Data(input.file), limits: input.limits).contacts
        return exportProblem(contacts, input).map { (VCardCheck.kind(of: $0), $0) }
    }

    private static func exportProblem(_ read: [MutableContact], _ input: VCardInput) -> String? {
        guard !read.isEmpty else { return nil }
        // What the app wrote is exported; what the contract says comes back is compared.
        let contacts = input.appText.map { text in read.map { written($0, text) } } ?? read
        let expected = input.appText.map { text in read.map { written($0, VCardReference.asRead(text)) } } ?? read
        let carried = input.keys.map { keys in contacts.map { $0.carrying(only: keys) } } ?? contacts
        let exported = [UInt8](VCardSerialization.data(from: carried, version: input.exportVersion))
        let version = input.exportVersion.rawValue
        // Unfolded once, for the escapes and for the reference's read.
        let lines = VCardReference.unfoldedLines(VCardReference.physicalLines(exported), maximumLength: VCardLimits.default.maximumLineLength)
        if let problem = foldingProblem(exported) ?? escapeProblem(lines) {
            return "the \(version) export: \(problem)\n\(String(decoding: exported, as: UTF8.self))"
        }
        let back = VCardReference.read(lines, limits: .default)
        if let problem = back.firstProblem {
            return "the reference does not read the \(version) export: \(problem.code) (line \(problem.line))\n"
                + String(decoding: exported, as: UTF8.self)
        }
        // Cut to the same keys, so that contacts that agree compare equal at once.
        let readBack = input.keys.map { keys in back.contacts.map { $0.carrying(only: keys) } } ?? back.contacts
        let wanted = input.keys.map { keys in expected.map { $0.carrying(only: keys) } } ?? expected
        if let difference = VCardCheck.contactsDifference(wanted, readBack, "exported", "read back") {
            return "the \(version) export does not read back (reference) as the contacts it wrote:\n"
                + difference + "\nexport:\n" + String(decoding: exported, as: UTF8.self)
        }
        return nil
    }

    /// `contact` with `text` as its given name and note, and a social profile of that user name
    /// (a parameter) after its own.
    private static func written(_ contact: MutableContact, _ text: String) -> MutableContact {
        var contact = contact
        contact.givenName = text
        contact.note = text
        contact.socialProfiles.append(LabeledValue(label: nil, value: SocialProfile(urlString: "https://example.com/a", username: text,
                                                                                  service: "Twitter")))
        return contact
    }

    /// What is wrong with the physical lines of an export, if anything: each ends in CR LF,
    /// holds at most 75 octets, and is UTF-8 on its own (a fold's leading space aside).
    package static func foldingProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.isEmpty || bytes.last == 10 else { return "the export does not end with a line feed" }
        var start = 0
        var number = 0
        while let end = VCardReference.firstIndex(of: 10, in: bytes, from: start) {
            number += 1
            guard end > start, bytes[end - 1] == 13 else { return "line \(number) does not end with CRLF" }
            let content = bytes[start..<(end - 1)]
            if VCardReference.firstIndex(of: 13, in: bytes, from: start, to: end - 1) != nil { return "line \(number) holds a CR" }
            if content.count > 75 { return "line \(number) is \(content.count) octets" }
            let text = number > 1 && content.first == 32 ? content.dropFirst() : content
            if !VCardReference.isUTF8(text) { return "line \(number) is not UTF-8 on its own (a sequence is split)" }
            start = end + 1
        }
        return nil
    }

    /// Where an export's value breaks RFC 6350's escaping (3.4): a backslash starts `\\`,
    /// `\,`, `\;` or `\n`, and a comma or semicolon in a text is escaped, but for the
    /// semicolons between the components of `N`, `ADR` and `ORG`.
    package static func escapeProblem(_ lines: [VCardReference.UnfoldedLine]) -> String? {
        for line in lines {
            let bytes = line.bytes
            guard let colon = VCardReference.firstIndex(of: 0x3A, in: bytes) else { return "line \(line.number) has no colon" }
            // The value starts after the first colon, unless a quoted parameter value comes first.
            var valueStart = colon + 1
            if VCardReference.firstIndex(of: 0x22, in: bytes, to: colon) != nil {
                guard case .line(let content) = VCardReference.ContentLine.parse(bytes) else {
                    return "line \(line.number) does not parse"
                }
                valueStart = bytes.count - content.value.count
            }
            let nameEnd = VCardReference.firstIndex(of: 0x3B, in: bytes, to: colon) ?? colon
            let nameStart = bytes[..<nameEnd].lastIndex(of: 0x2E).map { $0 + 1 } ?? 0
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).uppercased()
            guard !unescaped.contains(name) else { continue }
            let structured = name == "N" || name == "ADR" || name == "ORG"
            let value = Array(bytes[valueStart...])
            // Only the three bytes that matter are looked at, found with memchr.
            func next(_ byte: UInt8, from index: Int) -> Int { VCardReference.firstIndex(of: byte, in: value, from: index) ?? value.count }
            var index = 0
            while true {
                let special = min(next(0x5C, from: index), next(0x2C, from: index), structured ? value.count : next(0x3B, from: index))
                guard special < value.count else { break }
                if value[special] != 0x5C {
                    return "line \(line.number) (\(name)) has an unescaped '\(UnicodeScalar(value[special]))'"
                }
                guard special + 1 < value.count, [0x5C, 0x2C, 0x3B, 0x6E].contains(value[special + 1]) else {
                    return "line \(line.number) (\(name)) has a backslash that starts no escape"
                }
                index = special + 2
            }
        }
        return nil
    }

    /// Properties whose values are not text: no escapes to check.
    private static let unescaped: Set<String> = ["BEGIN", "END", "VERSION", "PHOTO", "BDAY", "ANNIVERSARY", "X-ABDATE", "KIND", "X-ABSHOWAS"]
}
