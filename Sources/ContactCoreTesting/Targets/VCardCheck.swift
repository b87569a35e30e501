import ContactCore
import Foundation

/// FuzzVCard's check, also run by the corpus replay and the vCard property tests: the
/// library's reader against ``VCardReference``.
///
/// The strict read must throw the reference's first problem (code, card, line and property),
/// or give the reference's contacts field by field, byte for byte; the lenient read must give
/// exactly the reference's contacts, errors and warnings. The writer is checked by
/// ``VCardExportCheck`` (FuzzVCardExport), on the same inputs.
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
        firstProblem(input).map { (kind(of: $0), $0) }
    }

    /// A failure's first line and the path of the first field that differs.
    static func kind(of detail: String) -> String {
        let lines = detail.split(separator: "\n")
        let field = lines.dropFirst().first { $0.hasPrefix("  ") }.map { $0.prefix { $0 != ":" } } ?? ""
        return String(lines.first ?? "") + field
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
            return nil
        } catch {
            guard let problem = expected.firstProblem else {
                return "the strict read throws \(shown(error)); the reference reads \(expected.contacts.count) cards"
            }
            if !same(error, problem) {
                return "the strict read throws \(shown(error)); the reference throws \(shown(problem))"
            }
        }
        let lenient = VCardSerialization.readLeniently(data, limits: input.limits)
        if let difference = contactsDifference(lenient.contacts, expected.contacts, "library", "reference") {
            return "the lenient read differs from the reference:\n" + difference
        }
        if !lenient.errors.elementsEqual(expected.errors, by: same) {
            return "the lenient read's errors are \(lenient.errors.map(shown)); the reference's \(expected.errors.map(shown))"
        }
        if !lenient.warnings.elementsEqual(expected.warnings, by: same) {
            return "the lenient read's warnings are \(lenient.warnings.map(shown)); the reference's \(expected.warnings.map(shown))"
        }
        return nil
    }

    /// The first contact where two lists differ, field by field, or `nil`.
    static func contactsDifference(_ a: [MutableContact], _ b: [MutableContact], _ first: String, _ second: String) -> String? {
        if a.count != b.count { return "\(first) has \(a.count) contacts, \(second) \(b.count)" }
        for index in a.indices where !VCardFields.same(a[index], b[index]) {
            return "contact \(index):\n  " + VCardFields.differences(a[index], b[index], first, second).joined(separator: "\n  ")
        }
        return nil
    }

    /// Whether two errors agree as the check compares them: code, card, line and property, not
    /// the message (compared as fields: printing an error's code reflects on it, which cost a
    /// fuzzing run a few percent).
    private static func same(_ a: VCardError, _ b: VCardError) -> Bool {
        a.code == b.code && a.card == b.card && a.line == b.line && a.property == b.property
    }

    /// An error as a failure shows it: code, card, line and property.
    private static func shown(_ error: VCardError) -> String {
        "\(error.code) (card \(error.card), line \(error.line)\(error.property.map { ", property \($0)" } ?? ""))"
    }
}
