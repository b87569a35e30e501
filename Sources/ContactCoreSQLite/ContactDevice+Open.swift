#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ContactCore
import Foundation
import GRDB

extension ContactDevice {
    /// Opens the device stored in the SQLite database at `path`, creating the file if it does
    /// not exist: the same device as one in memory (SPEC 13), whose every commit is durable
    /// before the call that made it returns.
    ///
    /// Opening reads the whole device into memory; from then on reads never touch the file.
    /// Meanwhile a second thread computes each contact's search keys
    /// (``ContactDatabaseOptions/prepareSearchIndex``), and the first search that needs the
    /// index (a name, phone or email predicate of an app with full access, or the access
    /// button) sorts them into it, taking about a quarter of the time opening did; a limited
    /// app's search never waits for it.
    ///
    /// The device owns the file until ``ContactCore/ContactDevice/close()`` or until it is
    /// released; a lock file at `path + ".lock"` keeps any other device, in this process or
    /// another, from opening it meanwhile.
    ///
    /// - Throws: ``ContactCore/ContactError/Code/storageInUse`` if another device has the file
    ///   open; ``ContactCore/ContactError/Code/notAContactDatabase`` for a file that is not a
    ///   ContactCore database; ``ContactCore/ContactError/Code/storageCorrupt`` for a damaged
    ///   one; ``ContactCore/ContactError/Code/storageVersionTooNew`` for one written by a newer
    ///   ContactCore; ``ContactCore/ContactError/Code/storageReadOnly`` for a file this process
    ///   cannot write (open it with ``ContactDatabaseOptions/readOnly``);
    ///   ``ContactCore/ContactError/Code/storageFailed`` for any other I/O failure.
    public static func open(databaseAt path: String, options: ContactDatabaseOptions = ContactDatabaseOptions())
        throws(ContactError) -> ContactDevice
    {
        let exists = FileManager.default.fileExists(atPath: path)
        if options.readOnly, !exists {
            throw ContactError(.storageFailed, "There is no database at \(path) to open read-only.")
        }
        if !options.readOnly, exists, access(path, W_OK) != 0 {
            throw ContactError(.storageReadOnly, "\(path) is read-only; open it with ContactDatabaseOptions(readOnly: true).")
        }
        let lock = try FileLock(path: path + ".lock")
        do {
            return try open(path: path, options: options, lock: lock)
        } catch {
            lock.release()
            throw error
        }
    }

    private static func open(path: String, options: ContactDatabaseOptions, lock: FileLock) throws(ContactError) -> ContactDevice {
        let queue = try SQLiteStorage.makeQueue(path: path, options: options)
        do {
            let (image, contacts) = try prepare(queue, options: options)
            let storage = SQLiteStorage(queue: queue, lock: lock, readOnly: options.readOnly)
            return try ContactDevice(image: image, table: contacts, storage: storage)
        } catch {
            try? queue.close()
            throw ContactError.storage(error, while: "Reading \(path)", reading: true)
        }
    }

    /// Creates, checks and migrates the schema, then reads the image.
    private static func prepare(_ queue: DatabaseQueue, options: ContactDatabaseOptions) throws -> (DeviceImage, ContactTable) {
        let migrator = DatabaseSchema.migrator
        let (applicationID, isEmpty, superseded, complete) = try queue.read { db in
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            // The migrator makes its own table before it runs the first migration, in a transaction
            // of its own: a process killed in between leaves that table, empty, and nothing else.
            let others = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE tbl_name <> 'grdb_migrations'") ?? 0
            let applied = try db.tableExists("grdb_migrations")
                ? try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") ?? 0 : 0
            let ours = applicationID == DatabaseSchema.applicationID
            return (applicationID, others == 0 && applied == 0, ours ? try migrator.hasBeenSuperseded(db) : false,
                    ours ? try migrator.hasCompletedMigrations(db) : false)
        }
        let isNew = isEmpty && applicationID == 0
        if !isNew {
            guard applicationID == DatabaseSchema.applicationID else {
                throw ContactError(.notAContactDatabase, "The file is an SQLite database, but not a ContactCore one.")
            }
            guard !superseded else {
                throw ContactError(.storageVersionTooNew, "The database was written by a newer ContactCore; this one cannot read it.")
            }
        }
        if !complete {
            guard !options.readOnly else {
                throw ContactError(isNew ? .notAContactDatabase : .storageReadOnly,
                                   isNew ? "The file is empty, not a ContactCore database."
                                         : "The database needs migrating to this version, which a read-only open cannot do.")
            }
            try migrator.migrate(queue)
        }
        // A new file gets the new device's whole state in one transaction; a crash before it
        // commits leaves the schema alone, and the next open starts here again.
        let hasDevice = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM device") ?? 0 } > 0
        if !hasDevice {
            guard !options.readOnly else { throw ContactError(.storageCorrupt, "The database holds no device.") }
            let fresh = ContactDevice(seed: options.seed, identity: options.identity,
                                      defaultSortOrder: options.defaultSortOrder, historyLimit: options.historyLimit)
            try queue.write { db in try SQLiteStorage.create(fresh.image, in: db) }
        }
        return try queue.read { db in try ImageReader.read(db, preparingSearchIndex: options.prepareSearchIndex) }
    }
}
