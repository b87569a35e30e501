import Foundation

/// A planted bug: a `Fuzz/Mutants/*.mutant` (one line replaced by another) or a
/// `Fuzz/Races/*.race` (texts replaced, each exactly once), applied to a scratch copy of the tree.
public struct PlantedChange: Equatable, Sendable {
    public struct Edit: Equatable, Sendable {
        /// The file, relative to the tree.
        public let file: String
        public let old: String
        public let new: String
    }

    public let edits: [Edit]
    /// A mutant's `targets:` line: the fuzz targets that should find it (`none`: no target runs
    /// the mutated code). Empty for a race.
    public let targets: [String]
    /// A race's edit must match exactly once; a mutant's replaces the first of any.
    let exactlyOnce: Bool

    /// A mutant: `file: path`, `targets: T1 T2`, then `- old line` and `+ new line` (the first of each).
    public init(mutant text: String, name: String) throws(FuzzToolError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func value(_ prefix: String) -> Substring? { lines.first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count) }
        guard let file = value("file: "), let old = value("- "), let new = value("+ ") else {
            throw .failure("\(name): a mutant needs a 'file: ' line, a '- ' line and a '+ ' line")
        }
        edits = [Edit(file: String(file), old: String(old), new: String(new))]
        targets = (value("targets: ") ?? "").split(separator: " ").map(String.init)
        exactlyOnce = false
    }

    /// A race: `file: path`, then pairs of `- ·old` and `+ ·new` (the text after the middle dot,
    /// `\n` for a line break); a later `file:` line changes the file of the pairs after it.
    public init(race text: String, name: String) throws(FuzzToolError) {
        var file: String?
        var old: String?
        var edits: [Edit] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("file: ") {
                file = String(line.dropFirst("file: ".count))
            } else if line.hasPrefix("- ·") {
                old = Self.unescaped(line.dropFirst(3))
            } else if line.hasPrefix("+ ·") {
                guard let file, let old else { throw .failure("\(name): a '+ ·' line before its 'file:' or '- ·' line") }
                edits.append(Edit(file: file, old: old, new: Self.unescaped(line.dropFirst(3))))
            }
        }
        self.edits = edits
        targets = []
        exactlyOnce = true
    }

    static func unescaped(_ text: Substring) -> String { text.replacingOccurrences(of: "\\n", with: "\n") }

    /// The text of `file` with this change's edits of it made.
    public func apply(to text: String, file: String, name: String) throws(FuzzToolError) -> String {
        var text = text
        for edit in edits where edit.file == file {
            let count = text.occurrences(of: edit.old)
            if exactlyOnce && count != 1 {
                throw .failure("\(name): the text to replace occurs \(count) times in \(file)")
            }
            guard let range = text.range(of: edit.old) else {
                throw .failure("\(name): the line to mutate is not in \(file)")
            }
            text.replaceSubrange(range, with: edit.new)
        }
        return text
    }

    /// The files the edits touch, in order, once each.
    public var files: [String] {
        edits.map(\.file).reduce(into: []) { files, file in if !files.contains(file) { files.append(file) } }
    }
}

extension String {
    func occurrences(of part: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.range(of: part) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
