import Foundation
import RegexBuilder
import Testing

/// Every "SPEC n" in the repository names a section of CONTRACT.md, so that a fresh clone
/// has no citation a reader cannot follow. The forms cited: `SPEC 4`, `SPEC 1b`, `SPEC 7's`,
/// `SPEC 4/5/7`, `SPEC 3, 4`, `SPEC 5, 11 and 13`, `SPEC 2–12` (a range: both ends exist, in
/// order), and `SPEC` alone (the contract as a whole). The file the contract was first written
/// in, outside the repository, is not to be cited by its name.
@Suite("Docs — SPEC citations resolve to CONTRACT.md")
struct ContractReferenceTests {
    static let repository = RepositoryText.shared

    /// The section numbers of CONTRACT.md (`## 7. Search matching …`), in their order.
    static func sections() throws -> [String] {
        let contract = try #require(repository.text("CONTRACT.md"), "CONTRACT.md is missing")
        return MarkdownOutline.prose(contract).compactMap { line in
            line.wholeMatch(of: /## (\d+[a-z]?)\. .*/).map { String($0.1) }
        }
    }

    /// A citation: the section numbers it names, and whether they are the two ends of a range.
    struct Citation: Equatable {
        var sections: [String]
        var isRange: Bool
    }

    /// The citations of `text`, each with its 1-based line. Swift's regular expressions are
    /// slow over a whole file, so each is tried only where "SPEC" stands as a word.
    static func citations(in text: String) -> [(line: Int, citation: Citation)] {
        let folded = FoldedText(text)
        let number = /\d+[a-z]?(?![.,]?\d)/
        let separator = /\s*(?:\/|–|-|,|,?\s+and|,?\s+or|\s+to)\s*/
        let pattern = Regex {
            /SPEC(?:'s)?\s+/
            Capture { number }
            Capture { ZeroOrMore { separator; number } }
        }
        var citations: [(line: Int, citation: Citation)] = []
        for word in folded.text.ranges(of: "SPEC") {
            if word.lowerBound > folded.text.startIndex,
               folded.text[folded.text.index(before: word.lowerBound)].isWordCharacter { continue }
            let window = folded.text[word.lowerBound...].prefix(120)
            guard let match = window.prefixMatch(of: pattern) else { continue }
            let rest = match.output.2
            let separators = rest.matches(of: separator).map { $0.output.trimmingCharacters(in: .whitespaces) }
            let more = rest.matches(of: number).map { String($0.output) }
            let isRange = separators == ["–"] || separators == ["-"] || separators == ["to"]
            citations.append((folded.line(of: word.lowerBound),
                              Citation(sections: [String(match.output.1)] + more, isRange: isRange)))
        }
        return citations
    }

    /// What is wrong with a citation, or nil.
    static func problem(_ citation: Citation, sections: [String]) -> String? {
        let missing = citation.sections.filter { !sections.contains($0) }
        if !missing.isEmpty {
            return "cites section \(missing.joined(separator: ", ")), which CONTRACT.md does not have"
        }
        if citation.isRange, let first = sections.firstIndex(of: citation.sections[0]),
           let last = sections.firstIndex(of: citation.sections[1]), first >= last {
            return "cites the range \(citation.sections[0])–\(citation.sections[1]), whose ends are out of order"
        }
        return nil
    }

    /// The specification's own file name, spelled so that this file does not cite it.
    static var specificationFile: Regex<AnyRegexOutput> { try! Regex("\\bSPEC" + "\\.md\\b") }

    @Test func theContractHasTheSectionsOfTheSpecification() throws {
        #expect(try Self.sections() == ["1", "1b", "2", "3", "4", "5", "6", "7", "8", "9", "9b", "10", "11", "12", "13"])
    }

    @Test func everyCitationNamesASectionOfTheContract() throws {
        let sections = try Self.sections()
        var count = 0
        for path in Self.repository.paths {
            guard let text = Self.repository.text(path), text.contains("SPEC") else { continue }
            for (line, citation) in Self.citations(in: text) {
                count += 1
                if let problem = Self.problem(citation, sections: sections) {
                    Issue.record("\(path):\(line): \(problem)")
                }
            }
            for match in text.matches(of: Self.specificationFile) {
                let line = text[..<match.range.lowerBound].count { $0 == "\n" } + 1
                Issue.record("\(path):\(line): cites \(match.output[0].substring ?? ""), which is not in the repository; cite CONTRACT.md")
            }
        }
        #expect(count > 300, "only \(count) citations found: is the scan reading the repository?")
    }

    /// The parser on each form the repository uses, and on citations that must fail.
    @Test func theCitationFormsAreRead() throws {
        func read(_ text: String) -> [Citation] { Self.citations(in: text).map(\.citation) }
        #expect(read("(SPEC 4/5/7)") == [Citation(sections: ["4", "5", "7"], isRange: false)])
        #expect(read("SPEC 2–12 holds") == [Citation(sections: ["2", "12"], isRange: true)])
        #expect(read("SPEC 5, 11 and 13: the device") == [Citation(sections: ["5", "11", "13"], isRange: false)])
        #expect(read("/// SPEC 11's\n/// events") == [Citation(sections: ["11"], isRange: false)])
        #expect(read("what SPEC\n  9b says") == [Citation(sections: ["9b"], isRange: false)])
        #expect(read("SPEC 12, 4.0 writes") == [Citation(sections: ["12"], isRange: false)])
        #expect(read("SPEC's rules and everyKindOfTokenMeansWhatSPECSays") == [])
        let sections = try Self.sections()
        let unknown = "1" + "4"
        #expect(Self.problem(read("SPEC \(unknown)")[0], sections: sections) != nil)
        #expect(Self.problem(read("SPEC 7/\(unknown)")[0], sections: sections) != nil)
        #expect(Self.problem(read("SPEC 9" + "c")[0], sections: sections) != nil)
        #expect(Self.problem(read("SPEC 12" + "–2")[0], sections: sections) != nil)
        #expect(Self.problem(read("SPEC 2–12")[0], sections: sections) == nil)
    }
}
