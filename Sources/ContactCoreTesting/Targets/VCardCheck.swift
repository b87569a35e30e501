import ContactCore
import Foundation

/// FuzzVCard's check, also run by the corpus replay and the vCard property tests: the
/// library's reader against ``VCardReference``, then the library's writer against it.
///
/// Read: the strict read must throw the reference's first problem (code, card, line and
/// property), or give the reference's contacts field by field, byte for byte; the lenient
/// read must give exactly the reference's contacts, errors and warnings. Write: the export
/// of those contacts, cut to the input's keys, must have CR LF line ends, lines of at most
/// 75 octets each valid UTF-8 on its own, RFC 6350's escapes, and read back (by the
/// reference) as exactly the contacts cut to those keys.
package enum VCardCheck {
    package static let limits = VCardLimits(
        maximumFileSize: 1 << 20, maximumCards: 256, maximumPropertiesPerCard: 1_024, maximumLineLength: 1 << 18)
    /// What an input asking for small limits reads under, so each limit is met.
    package static let smallLimits = VCardLimits(
        maximumFileSize: 4_096, maximumCards: 3, maximumPropertiesPerCard: 6, maximumLineLength: 160)

    /// `nil` when `bytes` behave (see ``VCardText`` for how bytes make an input), else what went wrong.
    package static func check(_ bytes: [UInt8]) -> String? { check(VCardText.input(bytes)) }

    package static func check(_ input: VCardInput) -> String? { problem(input)?.detail }

    /// What went wrong, and its kind: the same kind in a smaller input is the same failure
    /// to the reducer (the first line, and the first field that differs).
    package static func problem(_ input: VCardInput) -> (kind: String, detail: String)? {
        guard let detail = firstProblem(input) else { return nil }
        let lines = detail.split(separator: "\n")
        let field = lines.dropFirst().first { $0.hasPrefix("  ") }.map { $0.prefix { $0 != ":" } } ?? ""
        return (String(lines.first ?? "") + field, detail)
    }

    private static func firstProblem(_ input: VCardInput) -> String? {
        let expected = VCardReference.read(input.file, limits: input.limits)
        let data = Data(input.file)
        do {
            let read = try VCardSerialization.read(data, limits: input.limits)
            if let problem = expected.firstProblem {
                return "the strict read succeeds; the reference throws \(shown(problem))"
            }
            if let difference = contactsDifference(read.contacts, expected.contacts, "library", "reference") {
                return "the strict read differs from the reference:\n" + difference
            }
            // A file without a problem reads leniently as strictly (one code path, a flag apart):
            // its lenient read is left out, a third of a read's cost.
            return exportProblem(expected.contacts, input)
        } catch {
            guard let problem = expected.firstProblem else {
                return "the strict read throws \(shown(error)); the reference reads \(expected.contacts.count) cards"
            }
            if shown(error) != shown(problem) {
                return "the strict read throws \(shown(error)); the reference throws \(shown(problem))"
            }
        }
        let lenient = VCardSerialization.readLeniently(data, limits: input.limits)
        if let difference = contactsDifference(lenient.contacts, expected.contacts, "library", "reference") {
            return "the lenient read differs from the reference:\n" + difference
        }
        if lenient.errors.map(shown) != expected.errors.map(shown) {
            return "the lenient read's errors are \(lenient.errors.map(shown)); the reference's \(expected.errors.map(shown))"
        }
        if lenient.warnings.map(shown) != expected.warnings.map(shown) {
            return "the lenient read's warnings are \(lenient.warnings.map(shown)); the reference's \(expected.warnings.map(shown))"
        }
        return exportProblem(expected.contacts, input)
    }

    /// The writer's side: the export of `contacts` cut to the input's keys.
    private static func exportProblem(_ contacts: [MutableContact], _ input: VCardInput) -> String? {
        guard !contacts.isEmpty else { return nil }
        let carried = input.keys.map { keys in contacts.map { $0.carrying(only: keys) } } ?? contacts
        let exported = [UInt8](VCardSerialization.data(from: carried, version: input.exportVersion))
        let version = input.exportVersion.rawValue
        if let problem = foldingProblem(exported) ?? escapeProblem(exported) {
            return "the \(version) export: \(problem)\n\(String(decoding: exported, as: UTF8.self))"
        }
        let back = VCardReference.read(exported, limits: .default)
        if let problem = back.firstProblem {
            return "the reference does not read the \(version) export: \(shown(problem))\n\(String(decoding: exported, as: UTF8.self))"
        }
        // Cut to the same keys, so that contacts that agree compare equal at once.
        let readBack = input.keys.map { keys in back.contacts.map { $0.carrying(only: keys) } } ?? back.contacts
        if let difference = contactsDifference(carried, readBack, "exported", "read back") {
            return "the \(version) export does not read back (reference) as the contacts it wrote:\n"
                + difference + "\nexport:\n" + String(decoding: exported, as: UTF8.self)
        }
        return nil
    }

    /// What is wrong with the physical lines of an export, if anything: each ends in CR LF,
    /// holds at most 75 octets, and is UTF-8 on its own (a fold's leading space aside).
    package static func foldingProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.isEmpty || bytes.last == 10 else { return "the export does not end with a line feed" }
        for (offset, line) in bytes.split(separator: 10, omittingEmptySubsequences: false).dropLast().enumerated() {
            let number = offset + 1
            guard line.last == 13 else { return "line \(number) does not end with CRLF" }
            let content = line.dropLast()
            if content.contains(13) { return "line \(number) holds a CR" }
            if content.count > 75 { return "line \(number) is \(content.count) octets" }
            let text = number > 1 && content.first == 32 ? content.dropFirst() : content
            if !VCardReference.isUTF8(Array(text)) { return "line \(number) is not UTF-8 on its own (a sequence is split)" }
        }
        return nil
    }

    /// Where an export's value breaks RFC 6350's escaping (3.4): a backslash starts `\\`,
    /// `\,`, `\;` or `\n`, and a comma or semicolon in a text is escaped, but for the
    /// semicolons between the components of `N`, `ADR` and `ORG`.
    package static func escapeProblem(_ bytes: [UInt8]) -> String? {
        let lines = VCardReference.unfoldedLines(VCardReference.physicalLines(bytes), maximumLength: .max)
        for line in lines {
            guard case .line(let content) = VCardReference.ContentLine.parse(line.bytes) else {
                return "line \(line.number) does not parse"
            }
            let name = String(decoding: content.name, as: UTF8.self).uppercased()
            guard !["BEGIN", "END", "VERSION", "PHOTO", "BDAY", "ANNIVERSARY", "X-ABDATE", "KIND", "X-ABSHOWAS"].contains(name) else { continue }
            let structured = ["N", "ADR", "ORG"].contains(name)
            var index = 0
            while index < content.value.count {
                let byte = content.value[index]
                if byte == 0x5C {
                    guard index + 1 < content.value.count, [0x5C, 0x2C, 0x3B, 0x6E].contains(content.value[index + 1]) else {
                        return "line \(line.number) (\(name)) has a backslash that starts no escape"
                    }
                    index += 2
                    continue
                }
                if byte == 0x2C || (byte == 0x3B && !structured) {
                    return "line \(line.number) (\(name)) has an unescaped '\(UnicodeScalar(byte))'"
                }
                index += 1
            }
        }
        return nil
    }

    /// The first contact where two lists differ, field by field, or `nil`.
    private static func contactsDifference(_ a: [MutableContact], _ b: [MutableContact], _ first: String, _ second: String) -> String? {
        if a.count != b.count { return "\(first) has \(a.count) contacts, \(second) \(b.count)" }
        for index in a.indices where !VCardFields.same(a[index], b[index]) {
            return "contact \(index):\n  " + VCardFields.differences(a[index], b[index], first, second).joined(separator: "\n  ")
        }
        return nil
    }

    /// An error as the check compares it: code, card, line and property, not the message.
    private static func shown(_ error: VCardError) -> String {
        "\(error.code) (card \(error.card), line \(error.line)\(error.property.map { ", property \($0)" } ?? ""))"
    }
}
