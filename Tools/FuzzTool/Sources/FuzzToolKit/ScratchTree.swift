import Foundation

/// The scratch copy of the committed tree (HEAD) in which `make mutants` and `make races` make one
/// planted change at a time; its builds are kept between copies, and a run is unaffected by edits.
public struct ScratchTree: Sendable {
    /// The folder of the copy, its builds and its logs (absolute).
    public let work: String
    public var source: String { "\(work)/src" }
    public var logs: String { "\(work)/logs" }

    public init(work: String) throws(FuzzToolError) {
        self.work = work
        try Files.makeDirectory("\(work)/logs")
    }

    /// The copy made again from HEAD, then the change made in it.
    public func freshCopy(with change: PlantedChange, name: String, shell: Shell) throws(FuzzToolError) {
        Files.remove(source)
        try Files.makeDirectory(source)
        let archive = "\(work)/head.tar"
        guard try shell.run(["git", "archive", "--output=\(archive)", "HEAD"]).succeeded,
              try shell.run(["tar", "-xf", archive, "-C", source]).succeeded
        else { throw .failure("cannot copy HEAD into \(source)") }
        Files.remove(archive)
        for file in change.files {
            let path = "\(source)/\(file)"
            try Files.write(try change.apply(to: try Files.read(path), file: file, name: name), to: path)
        }
    }

    /// The planted changes of a folder whose names (without the extension) match a glob, sorted.
    public static func planted(in folder: String, extension suffix: String, matching glob: String) -> [(name: String, path: String)] {
        Files.files(in: folder).compactMap { path in
            let fileName = URL(fileURLWithPath: path).lastPathComponent
            guard fileName.hasSuffix(".\(suffix)") else { return nil }
            let name = String(fileName.dropLast(suffix.count + 1))
            return fnmatch(glob, name, 0) == 0 ? (name, path) : nil
        }
    }
}
