/// The lines of a fuzzer's output the tool shows again.
public enum LogExcerpts {
    /// A failing replay's reason: its first lines naming an error, a sanitizer's summary, a Swift
    /// fatal error, an assertion, a signal or a timeout (at most 8).
    public static func failureLines(_ log: String) -> [String] {
        let markers = ["ERROR", "SUMMARY", "Fatal error", "fatal error", "Assertion", "deadly signal", "timeout"]
        return Array(log.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in markers.contains { line.contains($0) } }
            .prefix(8)
            .map(String.init))
    }

    /// The reduced program a target prints for a broken rule: from the line saying what
    /// ` breaks ` to the `reduced input` line, each such stretch.
    public static func reducedPrograms(_ output: String) -> [String] {
        var inside = false
        var lines: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inside && line.contains(" breaks ") { inside = true }
            if inside {
                lines.append(String(line))
                if line.hasPrefix("reduced input") { inside = false }
            }
        }
        return lines
    }

    /// The last `count` lines of a log (`tail -n`).
    public static func tail(_ log: String, _ count: Int) -> [String] {
        var lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return Array(lines.suffix(count))
    }
}
