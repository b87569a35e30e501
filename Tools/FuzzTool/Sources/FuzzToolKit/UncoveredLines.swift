/// The lines no target reached, from `llvm-cov show -format=text`: under each file's header
/// (`/abs/path/File.swift:`), a line whose count is 0 (`   12|      0|code`), as
/// `Sources/ContactCore/File.swift:12: code`.
public enum UncoveredLines {
    public static func list(_ show: String, root: String) -> [String] {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var file = ""
        var found: [String] = []
        for line in show.split(separator: "\n") {
            if line.hasPrefix("/"), line.hasSuffix(".swift:") {
                let path = line.dropLast()
                file = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : String(path)
                continue
            }
            let columns = line.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
            guard columns.count == 3, let number = Int(columns[0].trimmingSpaces), columns[1].trimmingSpaces == "0"
            else { continue }
            found.append("\(file):\(number): \(columns[2].trimmingSpaces)")
        }
        return found
    }
}
