import BenchmarkSupport
import GRDB

extension SQLitePeer {
    /// FTS5's answer to a keystroke as rowids: how many rows match (0 when nothing is left to ask).
    public func rowids(for keystroke: Keystroke) throws -> Int {
        guard let pattern = Self.pattern(for: keystroke) else { return 0 }
        return try database.read { db in
            let statement = try db.cachedStatement(sql: "SELECT rowid FROM names WHERE names MATCH ?")
            return try Int64.fetchAll(statement, arguments: [pattern]).count
        }
    }

    /// FTS5's first screen for a keystroke: the first ``FirstScreen/rows`` matching rows, each
    /// name and number read, as ``FirstScreen/show(_:in:)`` reads ContactCore's. Returns the
    /// bytes read, so the reads are not optimized away.
    public func firstRows(for keystroke: Keystroke) throws -> Int {
        guard let pattern = Self.pattern(for: keystroke) else { return 0 }
        return try database.read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT c.given, c.family, c.phone FROM names JOIN contacts c ON c.rowid = names.rowid
                WHERE names MATCH ? LIMIT \(FirstScreen.rows)
                """)
            let rows = try Row.fetchCursor(statement, arguments: [pattern])
            var read = 0
            while let row = try rows.next() {
                let given: String = row[0]
                let family: String = row[1]
                let phone: String = row[2]
                read += given.utf8.count + family.utf8.count + phone.utf8.count
            }
            return read
        }
    }
}
