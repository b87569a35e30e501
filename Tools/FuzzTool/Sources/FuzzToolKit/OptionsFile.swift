/// A target's options file (`Fuzz/Options/<Target>.options`), in ClusterFuzzLite's format:
/// `[section]` headers, `name = value` lines, `#` comments. `[libfuzzer]` holds libFuzzer's flags,
/// `[asan]` the ASAN_OPTIONS; `[replay]` is the tool's own (`inputs = own`: `make fuzz-replay`
/// gives the target only its own files). ClusterFuzzLite ignores sections it does not know.
public struct OptionsFile: Equatable, Sendable {
    public struct Option: Equatable, Sendable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The options of each section, in the file's order; the section names without brackets.
    public let sections: [String: [Option]]

    public init(text: String) {
        var sections: [String: [Option]] = [:]
        var current: String?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingSpaces
            if line.hasPrefix("[") {
                current = line.hasSuffix("]") ? String(line.dropFirst().dropLast()) : nil
                continue
            }
            guard let section = current, let option = Self.option(line) else { continue }
            sections[section, default: []].append(option)
        }
        self.sections = sections
    }

    /// `name = value` with a name of lower-case letters and underscores; anything else (a comment,
    /// a blank line) is no option.
    private static func option(_ line: Substring) -> Option? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let name = line[..<equals].trimmingSpaces
        guard !name.isEmpty, name.allSatisfy({ ("a"..."z").contains($0) || $0 == "_" }) else { return nil }
        return Option(name: String(name), value: String(line[line.index(after: equals)...].trimmingSpaces))
    }

    public func options(_ section: String) -> [Option] { sections[section] ?? [] }

    /// The `[libfuzzer]` options as libFuzzer's flags: `-max_len=256`.
    public var libFuzzerFlags: [String] { options("libfuzzer").map { "-\($0.name)=\($0.value)" } }

    /// ASAN_OPTIONS for a run: the `[asan]` options after those the caller set (`inherited`).
    public func asanOptions(after inherited: String?) -> String {
        let own = options("asan").map { "\($0.name)=\($0.value)" }.joined(separator: ":")
        guard let inherited, !inherited.isEmpty else { return own }
        return "\(inherited):\(own)"
    }

    /// `[replay] inputs = own`: replay only the target's own corpus and regressions.
    public var replaysOwnInputsOnly: Bool { options("replay").contains(Option(name: "inputs", value: "own")) }
}

extension Substring {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
