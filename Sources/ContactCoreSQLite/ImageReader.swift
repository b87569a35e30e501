import ContactCore
import Foundation
import GRDB
import GRDBSQLite

/// Reads a device's whole image from its database, checking every value's type: a damaged
/// file is ``ContactCore/ContactError/Code/storageCorrupt``, never a trap in a row accessor.
enum ImageReader {
    /// The image, whose contacts are in the table beside it; with `preparingSearchIndex`, the
    /// table computes their search keys as they are read (``ContactCore/ContactTable``).
    static func read(_ db: Database, preparingSearchIndex: Bool) throws -> (image: DeviceImage, contacts: ContactTable) {
        let metas = try rows(db, """
            SELECT seed, identifierCounter, historyIdentity, nextSerial, defaultSortOrder, defaultContainer,
                historyLimit, lastSequence FROM device WHERE id = 1
            """) { meta in
            DeviceMetaRecord(
                seed: try meta.uint64(), identifierCounter: try meta.uint64(), historyIdentity: try meta.uint64(),
                nextSerial: try meta.uint64(), defaultSortOrder: try meta.int(), defaultContainerIdentifier: try meta.text(),
                historyLimit: try meta.int(), lastSequence: try meta.uint64())
        }
        guard let meta = metas.first else { throw StorageCoding.corrupt("no device row") }
        var image = DeviceImage(meta: meta)
        image.containers = try rows(db, "SELECT identifier, name, kind FROM container ORDER BY position") { columns in
            ContainerRecord(identifier: try columns.text(), name: try columns.text(), kind: try columns.int())
        }
        let contacts = try contacts(db, preparingSearchIndex: preparingSearchIndex)
        image.groups = try rows(db, "SELECT identifier, serial, name, container FROM contactGroup ORDER BY serial") { columns in
            GroupRecord(identifier: try columns.text(), serial: try columns.uint64(), name: try columns.text(),
                        containerIdentifier: try columns.text())
        }
        image.members = try rows(db, "SELECT groupIdentifier, contact FROM membership", pair)
        image.subgroups = try rows(db, "SELECT parent, child FROM subgroup", pair)
        image.apps = try rows(db, "SELECT bundleIdentifier, status FROM app") { columns in
            AppStatusRecord(bundleIdentifier: try columns.text(), status: try columns.int())
        }
        image.permitted = try rows(db, "SELECT bundleIdentifier, contact FROM permission", pair)
        image.history = try history(db)
        return (image, contacts)
    }

    private static func pair(_ columns: inout Columns) throws -> PairRecord {
        PairRecord(parent: try columns.text(), child: try columns.text())
    }

    private static func rows<T>(_ db: Database, _ sql: String, _ make: (inout Columns) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(db, sql) { columns in result.append(try make(&columns)) }
        return result
    }

    /// Calls `body` with each row of `sql`'s result.
    private static func forEachRow(_ db: Database, _ sql: String, _ body: (inout Columns) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement)
        while try cursor.next() != nil {
            var columns = Columns(statement.sqliteStatement)
            try body(&columns)
        }
    }

    /// Contacts by serial, each with its labeled values, into a table one at a time: the two
    /// tables are stepped side by side in serial order, with no lookup per contact and no
    /// array of every row.
    private static func contacts(_ db: Database, preparingSearchIndex: Bool) throws -> ContactTable {
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0
        var table = ContactTable(capacity: count, filingSearchKeys: preparingSearchIndex)
        let textSQL = DatabaseSchema.textColumns.joined(separator: ", ")
        let valueStatement = try db.makeStatement(sql: """
            SELECT contactSerial, property, position, identifier, label, value FROM labeledValue ORDER BY contactSerial, property, position
            """)
        let values = try Row.fetchCursor(valueStatement)
        /// The serial of the labeled value the value statement stands on; `nil` past the last.
        func nextValueSerial() throws -> UInt64? {
            guard try values.next() != nil else { return nil }
            var columns = Columns(valueStatement.sqliteStatement)
            return try columns.uint64()
        }
        var valueSerial = try nextValueSerial()
        // Most contacts share a container and a few labels and properties: one string each.
        var containers = RecentTexts { $0 }, labels = RecentTexts { $0 }
        var properties = RecentTexts { ContactKey(rawValue: $0) }
        try forEachRow(db, """
            SELECT serial, identifier, contactType, container, \(textSQL), birthday, nonGregorianBirthday, imageData,
                thumbnailImageData FROM contact ORDER BY serial
            """) { columns in
            let serial = try columns.uint64()
            let identifier = try columns.text()
            let type = try columns.int()
            var contact = try ContactRowBuilder(identifier: identifier, serial: serial, contactType: type,
                                                containerIdentifier: try columns.text(&containers).text)
            for index in DatabaseSchema.textColumns.indices { contact.setText(index, try columns.text()) }
            try contact.setRest(birthday: try columns.optionalText(), nonGregorianBirthday: try columns.optionalText(),
                                imageData: try columns.optionalBlob(), thumbnailImageData: try columns.optionalBlob())
            while let next = valueSerial, next <= serial {
                guard next == serial else { throw StorageCoding.corrupt("a labeled value of no contact") }
                var value = Columns(valueStatement.sqliteStatement)
                _ = try value.uint64()
                let property = try value.text(&properties)
                guard let key = property.value else {
                    throw StorageCoding.corrupt("labeled values of an unknown property \(property.text)")
                }
                try contact.appendLabeledValue(key, position: try value.int(), identifier: try value.text(),
                                               label: try value.optionalText(&labels)?.text, value: try value.text())
                valueSerial = try nextValueSerial()
            }
            try table.add(contact)
        }
        guard valueSerial == nil else { throw StorageCoding.corrupt("a labeled value of no contact") }
        return table
    }

    private static func history(_ db: Database) throws -> [HistoryRecord] {
        var commits = try rows(db, "SELECT sequence, author, origin, notifiedApps FROM historyCommit ORDER BY sequence") { columns in
            let sequence = try columns.uint64()
            let author = try columns.optionalText()
            let origin = try columns.optionalInt64().map { UInt64(bitPattern: $0) }
            guard let apps = StringList.decode(try columns.text()) else { throw StorageCoding.corrupt("notified apps") }
            return HistoryRecord(sequence: sequence, transactionAuthor: author, originStoreIdentifier: origin,
                                 notifiedApps: apps, events: [])
        }
        var index = 0
        try forEachRow(db, "SELECT sequence, position, kind, first, second FROM historyEvent ORDER BY sequence, position") { columns in
            let sequence = try columns.uint64()
            let position = try columns.int()
            while index < commits.count, commits[index].sequence < sequence { index += 1 }
            guard index < commits.count, commits[index].sequence == sequence, commits[index].events.count == position else {
                throw StorageCoding.corrupt("a history event of no commit")
            }
            commits[index].events.append(EventRecord(kind: try columns.int(), first: try columns.text(), second: try columns.optionalText()))
        }
        return commits
    }
}

/// Reads the current row of a statement's columns in order, each checked against the type it
/// must have. Straight from SQLite's column functions: GRDB's generic row decoding cost more
/// than the rest of reading a database.
struct Columns {
    private let statement: SQLiteStatement
    private let count: Int32
    private var index: Int32 = 0

    init(_ statement: SQLiteStatement) {
        self.statement = statement
        count = sqlite3_column_count(statement)
    }

    /// The type of the next column (`SQLITE_NULL` past the last), which becomes the current one.
    private mutating func next() -> Int32 {
        defer { index += 1 }
        return index < count ? sqlite3_column_type(statement, index) : SQLITE_NULL
    }

    private var current: Int32 { index - 1 }

    /// The current column's bytes, as text or blob.
    private func bytes() -> UnsafeRawBufferPointer {
        let count = Int(sqlite3_column_bytes(statement, current))
        guard count > 0, let start = sqlite3_column_blob(statement, current) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: start, count: count)
    }

    mutating func optionalInt64() throws -> Int64? {
        switch next() {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return sqlite3_column_int64(statement, current)
        default: throw StorageCoding.corrupt("a number column holding something else")
        }
    }

    mutating func int64() throws -> Int64 {
        guard let value = try optionalInt64() else { throw StorageCoding.corrupt("a missing number") }
        return value
    }

    mutating func uint64() throws -> UInt64 { UInt64(bitPattern: try int64()) }

    mutating func int() throws -> Int {
        guard let value = Int(exactly: try int64()) else { throw StorageCoding.corrupt("a number out of range") }
        return value
    }

    mutating func optionalText() throws -> String? {
        switch next() {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT:
            // Most text columns are empty: no text pointer and no string for those.
            guard sqlite3_column_bytes(statement, current) > 0, let text = sqlite3_column_text(statement, current) else { return "" }
            // Asked after the text pointer, which makes SQLite hold the value as UTF-8.
            let count = Int(sqlite3_column_bytes(statement, current))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        case SQLITE_BLOB:  // text holding a NUL (see `bind`)
            let bytes = bytes()
            guard bytes.contains(0), let value = String(validating: bytes, as: UTF8.self) else {
                throw StorageCoding.corrupt("a text column holding data")
            }
            return value
        default: throw StorageCoding.corrupt("a text column holding something else")
        }
    }

    mutating func text() throws -> String {
        guard let value = try optionalText() else { throw StorageCoding.corrupt("a missing text") }
        return value
    }

    /// The current column's text as one of `recent`'s strings, with what `recent` made of it:
    /// the same string as ``optionalText()`` reads, made once while it keeps recurring.
    mutating func optionalText<Value>(_ recent: inout RecentTexts<Value>) throws -> (text: String, value: Value)? {
        guard index < count, sqlite3_column_type(statement, index) == SQLITE_TEXT else {
            guard let text = try optionalText() else { return nil }
            return recent.entry(text)
        }
        index += 1
        guard let text = sqlite3_column_text(statement, current) else { return recent.entry("") }
        return recent.entry(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, current))))
    }

    mutating func text<Value>(_ recent: inout RecentTexts<Value>) throws -> (text: String, value: Value) {
        guard let entry = try optionalText(&recent) else { throw StorageCoding.corrupt("a missing text") }
        return entry
    }

    mutating func optionalBlob() throws -> Data? {
        switch next() {
        case SQLITE_NULL: return nil
        case SQLITE_BLOB: return Data(bytes())
        default: throw StorageCoding.corrupt("a data column holding something else")
        }
    }
}

/// The last few distinct texts of a column, each with a value made from it once: a row whose
/// text is one of them gets the same string (no new allocation, shared storage) and value.
struct RecentTexts<Value> {
    private var entries: [(text: String, value: Value)] = []
    private var replaced = 0
    private let make: (String) -> Value
    /// How many texts it keeps: a column of all distinct texts costs this many comparisons a row.
    private static var capacity: Int { 16 }

    init(_ make: @escaping (String) -> Value) { self.make = make }

    /// The entry of `text`, made and kept if it is not among the recent ones.
    mutating func entry(_ text: String) -> (text: String, value: Value) {
        if let known = entries.first(where: { $0.text.utf8.elementsEqual(text.utf8) }) { return known }
        return keep(text)
    }

    /// The entry of the UTF-8 text `bytes`, decoded, made and kept if it is not among the recent ones.
    mutating func entry(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, value: Value) {
        for entry in entries where Self.equal(entry.text, bytes) { return entry }
        return keep(String(decoding: bytes, as: UTF8.self))
    }

    private static func equal(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { kept in
            guard kept.count == bytes.count else { return false }
            guard let known = kept.baseAddress, let start = bytes.baseAddress else { return true }
            return memcmp(known, start, bytes.count) == 0
        } ?? text.utf8.elementsEqual(bytes)
    }

    private mutating func keep(_ text: String) -> (text: String, value: Value) {
        let entry = (text: text, value: make(text))
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[replaced] = entry
            replaced = (replaced + 1) % Self.capacity
        }
        return entry
    }
}
