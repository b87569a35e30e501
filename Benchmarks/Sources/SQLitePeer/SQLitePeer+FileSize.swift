import BenchmarkSupport
import Foundation

extension SQLitePeer {
    /// The size of `people` in an SQLite file, in bytes per person: a plain table, or with the
    /// FTS5 index (`fullText`). The file is written to a scratch folder and removed.
    public static func fileBytesPerPerson(_ people: [Person], fullText: Bool) throws -> Int {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contactcore-sqlite-size-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("contacts.sqlite").path
        try SQLitePeer(people, path: path, fullText: fullText).database.close()
        return fileSize(path) / max(people.count, 1)
    }
}
