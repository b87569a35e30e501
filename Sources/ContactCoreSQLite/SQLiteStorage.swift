import ContactCore
import Foundation
import GRDB

/// A device's storage in one SQLite file: each commit one transaction, in write-ahead-log mode.
///
/// Only the device writes, always under its own lock, so a serial `DatabaseQueue` is all it
/// needs; the file lock keeps every other device, in any process, out.
final class SQLiteStorage: DeviceStorage {
    let queue: DatabaseQueue
    var path: String? { queue.path }
    private let lock: FileLock?
    private let readOnly: Bool
    private let closed = LockedFlag()

    init(queue: DatabaseQueue, lock: FileLock?, readOnly: Bool) {
        self.queue = queue
        self.lock = lock
        self.readOnly = readOnly
    }

    deinit { close() }

    /// The connection to `path`: write-ahead log, `synchronous` by the options' durability.
    ///
    /// The log is switched on here rather than by GRDB's `journalMode = .wal`, which then sets
    /// `synchronous = NORMAL` over ``ContactDatabaseOptions/Durability/full`` and, on every
    /// open that finds no log, creates and drops a table so that a `DatabasePool`'s readers
    /// find one: a schema change per open that a single connection does not need.
    static func makeQueue(path: String, options: ContactDatabaseOptions) throws(ContactError) -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = options.readOnly
        let readOnly = options.readOnly
        let synchronous = options.durability == .full ? "FULL" : "NORMAL"
        configuration.prepareDatabase { db in
            if !readOnly {
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode == "wal" else { throw DatabaseError(message: "could not switch the journal to WAL (\(mode ?? "no mode"))") }
            }
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
        }
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw ContactError.storage(error, while: "Opening \(path)")
        }
    }

    func close() {
        guard closed.set() else { return }
        try? queue.close()
        lock?.release()
    }

    func write(_ changes: StorageWrite) throws(ContactError) {
        guard !readOnly else { throw ContactError(.storageReadOnly, "The database was opened read-only.") }
        do {
            try queue.write { db in try Self.apply(changes, in: db) }
        } catch {
            throw ContactError.storage(error, while: "Committing to the database")
        }
    }

    /// Writes the whole image of a new device: the first transaction of a new file.
    static func create(_ image: DeviceImage, in db: Database) throws {
        var write = StorageWrite(meta: image.meta)
        write.addedContainers = image.containers
        write.savedContacts = image.contacts
        write.savedGroups = image.groups
        write.addedMembers = image.members
        write.addedSubgroups = image.subgroups
        write.savedApps = image.apps
        write.addedPermissions = image.permitted
        try apply(write, in: db, inserting: true)
        for record in image.history { try insert(record, in: db) }
    }

    /// The rows of one commit. `inserting`: the rows are known to be new (a fresh file).
    static func apply(_ changes: StorageWrite, in db: Database, inserting: Bool = false) throws {
        let meta = changes.meta
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO device (id, seed, identifierCounter, historyIdentity, nextSerial, defaultSortOrder,
                defaultContainer, historyLimit, lastSequence) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: bind([
                Int64(bitPattern: meta.seed), Int64(bitPattern: meta.identifierCounter),
                Int64(bitPattern: meta.historyIdentity), Int64(bitPattern: meta.nextSerial), meta.defaultSortOrder,
                meta.defaultContainerIdentifier, meta.historyLimit,
                Int64(bitPattern: meta.lastSequence),
            ]))
        if !changes.addedContainers.isEmpty {
            let next = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM container") ?? 0
            let insert = try db.cachedStatement(sql: "INSERT INTO container (position, identifier, name, kind) VALUES (?, ?, ?, ?)")
            for (offset, container) in changes.addedContainers.enumerated() {
                try insert.execute(arguments: bind([next + offset, container.identifier, container.name, container.kind]))
            }
        }
        if !changes.deletedContacts.isEmpty {
            let values = try db.cachedStatement(
                sql: "DELETE FROM labeledValue WHERE contactSerial = (SELECT serial FROM contact WHERE identifier = ?)")
            let contact = try db.cachedStatement(sql: "DELETE FROM contact WHERE identifier = ?")
            for identifier in changes.deletedContacts {
                try values.execute(arguments: bind([identifier]))
                try contact.execute(arguments: bind([identifier]))
            }
        }
        if !changes.savedContacts.isEmpty {
            let columns = ["serial", "identifier", "contactType", "container"] + DatabaseSchema.textColumns
                + ["birthday", "nonGregorianBirthday", "imageData", "thumbnailImageData"]
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            let upsert = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO contact (\(columns.joined(separator: ", "))) VALUES (\(placeholders))")
            let clear = try db.cachedStatement(sql: "DELETE FROM labeledValue WHERE contactSerial = ?")
            let value = try db.cachedStatement(sql: """
                INSERT INTO labeledValue (contactSerial, property, position, identifier, label, value) VALUES (?, ?, ?, ?, ?, ?)
                """)
            for contact in changes.savedContacts {
                let serial = Int64(bitPattern: contact.serial)
                var arguments: [(any DatabaseValueConvertible)?] = [serial, contact.identifier, contact.contactType,
                                                                    contact.containerIdentifier]
                arguments += contact.texts.map { $0 as (any DatabaseValueConvertible)? }
                arguments += [contact.birthday, contact.nonGregorianBirthday, contact.imageData, contact.thumbnailImageData]
                try upsert.execute(arguments: bind(arguments))
                if !inserting { try clear.execute(arguments: bind([serial])) }
                for entry in contact.labeledValues {
                    try value.execute(arguments: bind([serial, entry.property, entry.position, entry.identifier, entry.label, entry.value]))
                }
            }
        }
        if !changes.deletedGroups.isEmpty {
            let delete = try db.cachedStatement(sql: "DELETE FROM contactGroup WHERE identifier = ?")
            for identifier in changes.deletedGroups { try delete.execute(arguments: bind([identifier])) }
        }
        if !changes.savedGroups.isEmpty {
            let upsert = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO contactGroup (serial, identifier, name, container) VALUES (?, ?, ?, ?)")
            for group in changes.savedGroups {
                try upsert.execute(arguments: bind([Int64(bitPattern: group.serial), group.identifier, group.name,
                                                group.containerIdentifier]))
            }
        }
        try pairs(changes.removedMembers, changes.addedMembers, table: "membership", columns: ("groupIdentifier", "contact"), in: db)
        try pairs(changes.removedSubgroups, changes.addedSubgroups, table: "subgroup", columns: ("parent", "child"), in: db)
        if !changes.deletedApps.isEmpty {
            let delete = try db.cachedStatement(sql: "DELETE FROM app WHERE bundleIdentifier = ?")
            for bundle in changes.deletedApps { try delete.execute(arguments: bind([bundle])) }
        }
        if !changes.savedApps.isEmpty {
            let upsert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO app (bundleIdentifier, status) VALUES (?, ?)")
            for app in changes.savedApps { try upsert.execute(arguments: bind([app.bundleIdentifier, app.status])) }
        }
        try pairs(changes.removedPermissions, changes.addedPermissions, table: "permission",
                  columns: ("bundleIdentifier", "contact"), in: db)
        if let commit = changes.appendedCommit { try insert(commit, in: db) }
        if let keptAfter = changes.historyKeepsAfter {
            try db.cachedStatement(sql: "DELETE FROM historyEvent WHERE sequence <= ?").execute(arguments: bind([Int64(bitPattern: keptAfter)]))
            try db.cachedStatement(sql: "DELETE FROM historyCommit WHERE sequence <= ?").execute(arguments: bind([Int64(bitPattern: keptAfter)]))
        }
    }

    private static func pairs(
        _ removed: [PairRecord], _ added: [PairRecord], table: String, columns: (String, String), in db: Database
    ) throws {
        if !removed.isEmpty {
            let delete = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE \(columns.0) = ? AND \(columns.1) = ?")
            for pair in removed { try delete.execute(arguments: bind([pair.parent, pair.child])) }
        }
        if !added.isEmpty {
            let insert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO \(table) (\(columns.0), \(columns.1)) VALUES (?, ?)")
            for pair in added { try insert.execute(arguments: bind([pair.parent, pair.child])) }
        }
    }

    private static func insert(_ commit: HistoryRecord, in db: Database) throws {
        let sequence = Int64(bitPattern: commit.sequence)
        try db.cachedStatement(sql: "INSERT INTO historyCommit (sequence, author, origin, notifiedApps) VALUES (?, ?, ?, ?)")
            .execute(arguments: bind([sequence, commit.transactionAuthor, commit.originStoreIdentifier.map { Int64(bitPattern: $0) },
                                 StringList.encode(commit.notifiedApps)]))
        let event = try db.cachedStatement(
            sql: "INSERT INTO historyEvent (sequence, position, kind, first, second) VALUES (?, ?, ?, ?, ?)")
        for (position, record) in commit.events.enumerated() {
            try event.execute(arguments: bind([sequence, position, record.kind, record.first, record.second]))
        }
    }
}

/// Statement arguments with every string that holds a NUL as a blob of its UTF-8: SQLite's
/// text functions, through which GRDB binds and reads strings, stop at the first NUL, and a
/// contact's note may hold one. ``Columns`` reads such a blob back as text.
func bind(_ values: [(any DatabaseValueConvertible)?]) -> StatementArguments {
    StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in
        guard let text = value as? String, text.utf8.contains(0) else { return value }
        return Data(text.utf8)
    })
}

/// A flag set once, from any thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// Sets the flag; whether this call was the one that set it.
    func set() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { value = true }
        return !value
    }
}

/// A list of strings in one text column: each as its UTF-8 length, a colon, then its bytes.
/// Cheaper to read back than JSON, and any byte of the text may be anything.
enum StringList {
    static func encode(_ strings: [String]) -> String {
        strings.map { "\($0.utf8.count):\($0)" }.joined()
    }

    /// The strings, or `nil` for text no encoder wrote.
    static func decode(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        var strings: [String] = []
        var index = 0
        while index < bytes.count {
            var length = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
                guard let digit = Int(exactly: bytes[index]).map({ $0 - 48 }), (0...9).contains(digit), length < 1 << 24 else {
                    return nil
                }
                length = length * 10 + digit
                index += 1
            }
            index += 1
            guard index <= bytes.count, length <= bytes.count - index,
                  let string = String(validating: bytes[index..<index + length], as: UTF8.self)
            else { return nil }
            strings.append(string)
            index += length
        }
        return strings
    }
}
