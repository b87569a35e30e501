import Foundation

/// The repository's text files as a fresh clone has them, for the documentation checks:
/// builds, fuzz inputs and what `.gitignore` keeps out are skipped.
struct RepositoryText: Sendable {
    let root: URL
    /// Paths relative to the root, with `/`, in sorted order.
    let paths: [String]
    private let texts: [String: String]

    static let shared = RepositoryText(root: ReplayTests.root)

    /// Folders of fuzz inputs (bytes, not prose) and of what builds and runs leave behind.
    static let skipped: Set<String> = [
        ".git", ".swiftpm", "Corpus", "Fuzz/Regressions", "Fuzz/Crashes", "Fuzz/Coverage",
        "Benchmarks/.benchmarkBaselines", "Tests/Fixtures",
    ]

    init(root: URL) {
        self.root = root.standardizedFileURL
        var texts: [String: String] = [:]
        let base = self.root.path.hasSuffix("/") ? self.root.path : self.root.path + "/"
        let files = FileManager.default.enumerator(at: self.root, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = files?.nextObject() as? URL {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count))
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if Self.skipped.contains(path) || name.hasPrefix(".build") { files?.skipDescendants() }
                continue
            }
            guard let data = try? Data(contentsOf: url), data.count < 4 << 20, !data.contains(0),
                  let text = String(data: data, encoding: .utf8) else { continue }
            texts[path] = text
        }
        self.texts = texts
        paths = texts.keys.sorted()
    }

    func text(_ path: String) -> String? { texts[path] }

    var markdownPaths: [String] { paths.filter { $0.hasSuffix(".md") } }

    /// Whether `path` (relative to the root, normalized) is a file or folder of the clone.
    func exists(_ path: String) -> Bool {
        if texts[path] != nil { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
    }

    /// `relative` read from the folder of `file`, with `.` and `..` resolved; nil when it leaves the root.
    static func resolve(_ relative: String, from file: String) -> String? {
        var parts = relative.hasPrefix("/") ? [] : file.split(separator: "/").dropLast().map(String.init)
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}

/// A text with its line breaks and comment markers folded into single spaces, so that a
/// citation broken across two lines of a comment or a paragraph is still one phrase.
struct FoldedText {
    let text: String
    private let lineStarts: [String.Index]

    init(_ source: String) {
        var text = ""
        var starts: [String.Index] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line.drop { $0 == " " || $0 == "\t" }
            for marker in ["///", "//", "#", "* "] where rest.hasPrefix(marker) {
                rest = rest.dropFirst(marker.count).drop { $0 == " " }
                break
            }
            if number > 0 { text += " " }
            starts.append(text.endIndex)
            text += rest
        }
        self.text = text
        lineStarts = starts
    }

    /// The 1-based line of the source that holds `index`.
    func line(of index: String.Index) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }
}

/// What a Markdown file offers to links: the anchors GitHub makes of its headings, and the
/// titles a prose reference may quote (headings and the bold words that open a bullet).
struct MarkdownOutline: Sendable {
    let anchors: Set<String>
    let titles: [String]

    init(_ text: String) {
        var anchors: Set<String> = []
        var counts: [String: Int] = [:]
        var titles: [String] = []
        let prose = MarkdownOutline.prose(text)
        for line in prose {
            if let heading = MarkdownOutline.heading(line) {
                let slug = MarkdownOutline.slug(heading)
                let seen = counts[slug, default: 0]
                counts[slug] = seen + 1
                anchors.insert(seen == 0 ? slug : "\(slug)-\(seen)")
                titles.append(heading)
            }
            for match in line.matches(of: /<a (?:id|name)="([^"]+)"/) { anchors.insert(String(match.1)) }
        }
        // Bold openings may run over a line break.
        for match in prose.joined(separator: " ").matches(of: /\*\*([^*]+)\*\*/) { titles.append(String(match.1)) }
        self.anchors = anchors
        self.titles = titles
    }

    /// The lines outside fenced code blocks.
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence
        }
    }

    /// The text of an ATX heading (`## Title`), or nil.
    static func heading(_ line: Substring) -> String? {
        guard let match = line.wholeMatch(of: /#{1,6}\s+(.*?)\s*#*\s*/) else { return nil }
        return String(match.1)
    }

    /// GitHub's anchor of a heading: lower case, inline markup and punctuation dropped
    /// (hyphens and underscores kept), each space a hyphen.
    static func slug(_ heading: String) -> String {
        var plain = heading.replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.1) }
        plain = plain.replacing(/<[^>]+>/, with: "")
        return String(plain.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character == "-" || character == "_" || character.isLetter || character.isNumber { return character }
            return nil
        })
    }

    /// Whether a quoted reference names this title: the title starts with it, ignoring case,
    /// white space and the markup around words.
    func hasTitle(startingWith quoted: String) -> Bool {
        let wanted = MarkdownOutline.plain(quoted)
        return titles.contains { MarkdownOutline.plain($0).hasPrefix(wanted) }
    }

    static func plain(_ text: String) -> String {
        text.lowercased().filter { !"`*_".contains($0) }.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension Character {
    /// A letter, a digit or an underscore: what a regular expression's `\w` is.
    var isWordCharacter: Bool { isLetter || isNumber || self == "_" }
}
