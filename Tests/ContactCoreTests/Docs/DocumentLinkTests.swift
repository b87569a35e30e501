import Foundation
import Testing

/// Every relative link of the Markdown and DocC files reaches a file of the repository, and
/// every `#anchor` a heading of it (as GitHub names headings); every DocC link to an article
/// names an article of its module's catalog; every prose reference to a section (a Markdown
/// file's name, a comma and a quoted title, in any text file: a comment, a dictionary) names a
/// heading or a bullet's bold opening in that file.
@Suite("Docs — links and section references resolve")
struct DocumentLinkTests {
    static let repository = RepositoryText.shared

    /// The headings and bold openings of every Markdown file, by path.
    static let outlines: [String: MarkdownOutline] = Dictionary(uniqueKeysWithValues: repository.markdownPaths.map {
        ($0, MarkdownOutline(repository.text($0) ?? ""))
    })

    /// The links of a Markdown text, outside code, with their 1-based lines.
    static func links(in text: String) -> [(line: Int, target: String)] {
        var links: [(line: Int, target: String)] = []
        var inFence = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            let prose = line.replacing(/`[^`]*`/, with: "")
            for match in prose.matches(of: /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/) {
                links.append((number + 1, String(match.1)))
            }
            for match in prose.matches(of: /^\s*\[[^\]]+\]:\s+(\S+)/) {
                links.append((number + 1, String(match.1)))
            }
        }
        return links
    }

    /// What is wrong with `target`, a link of the file at `path`, or nil.
    static func problem(linking target: String, from path: String) -> String? {
        if target.firstMatch(of: /^[a-zA-Z][a-zA-Z0-9+.-]*:/) != nil { return nil }  // https:, mailto:, doc:
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        let resolved: String
        if file.isEmpty {
            resolved = path
        } else {
            guard let found = RepositoryText.resolve(file, from: path), repository.exists(found) else {
                return "links to \(target), which is not in the repository"
            }
            resolved = found
        }
        guard let anchor, resolved.hasSuffix(".md") else { return nil }
        guard let outline = outlines[resolved] else { return "links to \(target), which does not read as text" }
        guard outline.anchors.contains(anchor) else {
            return "links to \(target): \(resolved) has no heading whose anchor is #\(anchor)"
        }
        return nil
    }

    @Test func everyRelativeLinkResolves() {
        var count = 0
        for path in Self.repository.markdownPaths {
            guard let text = Self.repository.text(path) else { continue }
            for (line, target) in Self.links(in: text) {
                count += 1
                if let problem = Self.problem(linking: target, from: path) {
                    Issue.record("\(path):\(line): \(problem)")
                }
            }
        }
        #expect(count > 50, "only \(count) links found: is the scan reading the repository?")
    }

    /// The catalog of the module a file belongs to (`Sources/<Module>/…`), or nil.
    static func catalog(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count > 2, parts[0] == "Sources" else { return nil }
        let module = "Sources/\(parts[1])/"
        return repository.paths.first { $0.hasPrefix(module) && $0.contains(".docc/") }
            .map { String($0[..<$0.range(of: ".docc/")!.upperBound]) }
    }

    /// A DocC link to an article, spelled so that this file holds none.
    static var docLink: Regex<AnyRegexOutput> { try! Regex("<" + "doc:([^>#\\s]+)(?:#[^>\\s]*)?>") }

    @Test func everyDocLinkNamesAnArticleOfItsCatalog() {
        var count = 0
        for path in Self.repository.paths where path.hasSuffix(".md") || path.hasSuffix(".swift") {
            guard let text = Self.repository.text(path), text.contains("<" + "doc:") else { continue }
            for match in text.matches(of: Self.docLink) {
                count += 1
                let line = text[..<match.range.lowerBound].count { $0 == "\n" } + 1
                let name = String(match.output[1].substring ?? "")
                guard let catalog = Self.catalog(of: path) else {
                    Issue.record("\(path):\(line): \(match.output[0].substring ?? "") outside a module that has a DocC catalog")
                    continue
                }
                let article = name.split(separator: "/").last.map { "\(catalog)\($0).md" } ?? ""
                if !Self.repository.exists(article) {
                    Issue.record("\(path):\(line): \(match.output[0].substring ?? "") names no article of \(catalog) (no \(article))")
                }
            }
        }
        #expect(count > 5)
    }

    /// The Markdown file a prose reference names: read from the citing file's folder, then from
    /// the root, then as the one file of that name in the repository.
    static func markdownFile(named name: String, citedFrom path: String) -> Result<String, LinkProblem> {
        for candidate in [RepositoryText.resolve(name, from: path), RepositoryText.resolve(name, from: "")] {
            if let candidate, repository.text(candidate) != nil { return .success(candidate) }
        }
        let same = repository.markdownPaths.filter { $0 == name || $0.hasSuffix("/" + name) }
        switch same.count {
        case 1: return .success(same[0])
        case 0: return .failure(LinkProblem("names \(name), which is not in the repository"))
        default: return .failure(LinkProblem("names \(name), which is ambiguous (\(same.joined(separator: ", "))): give its folder"))
        }
    }

    struct LinkProblem: Error { let message: String; init(_ message: String) { self.message = message } }

    /// The prose references to a section of `text`: the file's name and the quoted title, each
    /// with its 1-based line. Tried only where ".md" stands, as regular expressions are slow.
    static func sectionReferences(in text: String) -> [(line: Int, file: String, title: String)] {
        let folded = FoldedText(text)
        var references: [(line: Int, file: String, title: String)] = []
        for suffix in folded.text.ranges(of: ".md") {
            guard let quote = folded.text[suffix.upperBound...].prefix(400).prefixMatch(of: /`?,\s+"([^"]+)"/) else { continue }
            let name = folded.text[..<suffix.lowerBound].reversed().prefix { $0.isWordCharacter || "./-".contains($0) }
            guard !name.isEmpty else { continue }
            references.append((folded.line(of: suffix.lowerBound), String(name.reversed()) + ".md", String(quote.output.1)))
        }
        return references
    }

    @Test func everyQuotedSectionExists() {
        var count = 0
        for path in Self.repository.paths {
            guard let text = Self.repository.text(path), text.contains(".md") else { continue }
            for (line, name, title) in Self.sectionReferences(in: text) {
                count += 1
                switch Self.markdownFile(named: name, citedFrom: path) {
                case .failure(let failure):
                    Issue.record("\(path):\(line): \(failure.message)")
                case .success(let file):
                    if Self.outlines[file]?.hasTitle(startingWith: title) != true {
                        Issue.record("\(path):\(line): \(file) has no section \"\(title)\"")
                    }
                }
            }
        }
        #expect(count > 10)
    }

    /// Whether a path that ARCHITECTURE.md names exists: from the root, or as the end of a
    /// path of the repository (the page names files inside the folder it has just named).
    static func namesAFileOrFolder(_ path: String) -> Bool {
        let folder = path.hasSuffix("/") ? path : nil
        return repository.paths.contains { file in
            if let folder { return file.hasPrefix(folder) || file.contains("/" + folder) }
            return file == path || file.hasSuffix("/" + path)
        }
    }

    /// The files ARCHITECTURE.md tells a reader to touch exist: every path in backticks, but
    /// for those with a placeholder (`<Target>`, `NN-name`, `Model+*.swift`).
    @Test func everyPathOfTheArchitectureExists() throws {
        let text = try #require(Self.repository.text("ARCHITECTURE.md"), "ARCHITECTURE.md is missing")
        var count = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for match in line.matches(of: /`([A-Za-z.][\w.+\/-]*\/[\w.+\/<>*-]*)`/) {
                let path = String(match.1)
                if path.contains("<") || path.contains("*") || path.contains("NN-") { continue }
                count += 1
                if !Self.namesAFileOrFolder(path) {
                    Issue.record("ARCHITECTURE.md:\(number + 1): names \(path), which is not in the repository")
                }
            }
        }
        #expect(count > 30)
    }

    @Test func theAnchorsAreGitHubs() {
        #expect(MarkdownOutline.slug("7. Search matching (name predicate and access button)")
                == "7-search-matching-name-predicate-and-access-button")
        #expect(MarkdownOutline.slug("Coverage: `make fuzz-coverage` and `make coverage`")
                == "coverage-make-fuzz-coverage-and-make-coverage")
        #expect(MarkdownOutline.slug("What the parallel property found in the library (2026-11-24)")
                == "what-the-parallel-property-found-in-the-library-2026-11-24")
        #expect(MarkdownOutline("## A\n## A\n```\n## B\n```\n").anchors == ["a", "a-1"])
        #expect(Self.problem(linking: "#nowhere", from: "README.md") != nil)
        #expect(Self.problem(linking: "CONTRACT.md#7-search-matching-name-predicate-and-access-button", from: "README.md") == nil)
        #expect(Self.problem(linking: "../CONTRACT.md", from: "Fuzz/README.md") == nil)
        #expect(Self.problem(linking: "Missing.md", from: "Fuzz/README.md") != nil)
    }
}
