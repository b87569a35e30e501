import ContactCoreSQLite
import Foundation
import GRDB
import Testing
@testable import ContactCore

/// SPEC 13: files that are not, or no longer, a ContactCore database are typed errors, never a crash.
@Suite("SPEC 13 — bad database files")
struct BadDatabaseTests {
    static let storageCodes: Set<ContactError.Code> = [
        .storageFailed, .storageInUse, .notAContactDatabase, .storageCorrupt, .storageVersionTooNew, .storageReadOnly,
    ]

    /// A closed database with a few dozen contacts, groups, apps and history, checkpointed into one file.
    static func validDatabase(_ database: TemporaryDatabase) throws {
        let device = try ContactDevice.open(databaseAt: database.path, options: TemporaryDatabase.options)
        let store = device.store(for: ReopenTests.writer)
        try device.applySettings(.allowFull, to: ReopenTests.writer.bundleIdentifier)
        var request = SaveRequest(transactionAuthor: "seed")
        let group = request.add(MutableGroup(name: "Friends"))
        for index in 0..<40 {
            let contact = request.add(ReopenTests.everyField("Person\(index)"))
            if index % 3 == 0 { request.addMember(contact, to: group) }
        }
        let result = try store.execute(request)
        try device.applySettings(.allowLimited(Set(device.allContactIdentifiers.prefix(5))), to: "limited")
        _ = result
        device.close()
    }

    static func openError(_ path: String, options: ContactDatabaseOptions = TemporaryDatabase.options) -> ContactError? {
        do {
            let device = try ContactDevice.open(databaseAt: path, options: options)
            device.close()
            return nil
        } catch {
            return error
        }
    }

    /// Runs `statements` on the SQLite file (a new one holds what they make, nothing of ContactCore's).
    static func sqliteFile(_ database: TemporaryDatabase, _ statements: String...) throws {
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in for statement in statements { try db.execute(sql: statement) } }
        try queue.close()
    }

    /// The table GRDB's migrator makes before it runs the first migration.
    static let migratorTable = "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"

    @Test func aFileThatIsNotADatabase() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try Data("BEGIN:VCARD\nVERSION:3.0\nFN:Not a database\nEND:VCARD\n".utf8 + Array(repeating: 7, count: 4096))
            .write(to: URL(fileURLWithPath: database.path))
        #expect(Self.openError(database.path)?.code == .notAContactDatabase)
    }

    @Test func anotherApplicationsSQLiteDatabase() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try Self.sqliteFile(database, "CREATE TABLE notes (body TEXT)")
        #expect(Self.openError(database.path)?.code == .notAContactDatabase)
    }

    /// A process killed during the very first open, after GRDB's migrator made its table and
    /// before the schema's transaction committed, leaves that table empty and nothing else: the
    /// next open starts the database afresh (the crash test met this once in many runs).
    @Test func aFirstOpenKilledBeforeTheSchemaStartsAfresh() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try Self.sqliteFile(database, Self.migratorTable)
        let device = try ContactDevice.open(databaseAt: database.path, options: TemporaryDatabase.options)
        defer { device.close() }
        #expect(device.allContactIdentifiers.isEmpty && device.containers.count == 1)
        #expect(device.checkInvariants().isEmpty)
    }

    /// A migrator table that records a migration is a database that was made: without the
    /// application id it is someone else's, not an empty file.
    @Test func aMigratorTableWithAppliedMigrationsIsNotAnEmptyFile() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try Self.sqliteFile(database, Self.migratorTable, "INSERT INTO grdb_migrations VALUES ('v1')")
        #expect(Self.openError(database.path)?.code == .notAContactDatabase)
    }

    @Test(arguments: [0.02, 0.25, 0.5, 0.9])
    func aTruncatedFile(keeping fraction: Double) throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try Self.validDatabase(database)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database.path))
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: database.path))
        let error = Self.openError(database.path)
        #expect(error.map { Self.storageCodes.contains($0.code) } == true, "truncated to \(fraction): \(String(describing: error))")
    }

    /// Flips random bytes of a valid file, 200 times: each open is a typed error or a device
    /// that works (SQLite cannot see every flipped byte: one inside a name is a valid name).
    @Test func flippedBytesAreATypedErrorOrAValidOpen() throws {
        let original = TemporaryDatabase()
        defer { original.remove() }
        try Self.validDatabase(original)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: original.path))
        var random = SplitMix64(seed: 0xF11B)
        var errors: [ContactError.Code: Int] = [:], opened = 0
        for round in 0..<200 {
            let copy = TemporaryDatabase()
            defer { copy.remove() }
            var damaged = bytes
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let offset = Int(random.next() % UInt64(damaged.count))
                damaged[offset] ^= UInt8(1 + random.next() % 255)
            }
            try damaged.write(to: URL(fileURLWithPath: copy.path))
            do {
                let device = try ContactDevice.open(databaseAt: copy.path, options: TemporaryDatabase.options)
                opened += 1
                // A device that opened answers reads and commits or fails them with a typed error.
                let store = device.store(for: ReopenTests.writer)
                _ = try? store.unifiedContacts(matching: .name("Person"), keysToFetch: ContactKey.allCases)
                do {
                    try device.applySettings(.deny, to: "limited")
                } catch {
                    #expect(Self.storageCodes.contains(error.code) || error.code == .policyViolation, "round \(round): \(error)")
                }
                device.close()
            } catch {
                #expect(Self.storageCodes.contains(error.code), "round \(round): \(error)")
                errors[error.code, default: 0] += 1
            }
        }
        print("flipped bytes: 200 files, \(opened) opened, errors \(errors.sorted { $0.key.rawValue < $1.key.rawValue })")
    }

    @Test func aNewerSchemaVersionIsRefused() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try Self.validDatabase(database)
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')") }
        try queue.close()
        #expect(Self.openError(database.path)?.code == .storageVersionTooNew)
    }

    @Test func aFileOpenInThisProcessIsInUse() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let device = try ContactDevice.open(databaseAt: database.path, options: TemporaryDatabase.options)
        #expect(Self.openError(database.path)?.code == .storageInUse)
        // The failed open must not have disturbed the first device.
        try device.applySettings(.allowFull, to: "after")
        device.close()
        #expect(Self.openError(database.path) == nil)
    }

    @Test func aFileOpenInAnotherProcessIsInUse() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let log = database.folder.appendingPathComponent("acknowledged.log").path
        let child = try CrashSafetyTests.launchChild(database: database.path, log: log)
        defer { if child.isRunning { sendKill(child.processIdentifier); child.waitUntilExit() } }
        for _ in 0..<500 where CrashSafetyTests.acknowledged(log).isEmpty { usleep(10_000) }
        #expect(!CrashSafetyTests.acknowledged(log).isEmpty, "the child never committed")
        #expect(Self.openError(database.path)?.code == .storageInUse)
        sendKill(child.processIdentifier)
        child.waitUntilExit()
        #expect(Self.openError(database.path) == nil, "the lock outlived the process that held it")
    }

    @Test func aReadOnlyOpenReadsAndRefusesEveryCommit() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try Self.validDatabase(database)
        var options = TemporaryDatabase.options
        options.readOnly = true
        let device = try ContactDevice.open(databaseAt: database.path, options: options)
        defer { device.close() }
        let before = device.image
        let store = device.store(for: ReopenTests.writer)
        #expect(try store.unifiedContacts(matching: .name("Person"), keysToFetch: []).count == 40)
        var request = SaveRequest()
        request.add(ReopenTests.everyField("New"))
        #expect(contactError { try store.execute(request) }?.code == .storageReadOnly)
        #expect(contactError { try device.applySettings(.deny, to: "limited") }?.code == .storageReadOnly)
        #expect(device.image == before)
    }

    @Test(.enabled(if: geteuid() != 0, "root writes any file, so there is no unwritable file to open"))
    func aFileThisProcessCannotWriteFailsClearly() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try Self.validDatabase(database)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database.path)
        #expect(Self.openError(database.path)?.code == .storageReadOnly)
    }
}
