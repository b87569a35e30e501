import ContactCore
import ContactCoreSQLite
import ContactCoreTesting
import Foundation

extension BackEnd {
    /// SPEC 13: the runner's device in an SQLite file of its own, reopened after the saves a
    /// program marks and before the sweep (see ``BackEnd``); the file's folder goes when the
    /// run finishes.
    ///
    /// The property and replay tests run on it. Commits skip `fsync`
    /// (``ContactDatabaseOptions/Durability/processCrash``): nothing here cuts the power.
    package static let sqlite = sqlite(in: FileManager.default.temporaryDirectory)

    /// ``sqlite`` with its files under `base`: the nightly `<Target>OnSQLite` fuzzers make
    /// thousands of files a minute, and on a memory file system (`/dev/shm`) the `fsync`
    /// SQLite still makes when it checkpoints a closing database costs nothing.
    package static func sqlite(in base: URL) -> BackEnd {
        BackEnd(
            name: "SQLite",
            adopt: { (device) throws(ContactError) in
                try device.saveAsDatabase(at: SQLiteFolder(in: base).path, options: SQLiteFolder.options)
                // Read back, as an app starts on the file it opens at launch: the reader meets
                // every start the bulk writer wrote, and the program meets what opening made
                // (the search keys filed while reading).
                return try reopened(device)
            },
            create: { (seed, identity, sortOrder, historyLimit) throws(ContactError) in
                var options = SQLiteFolder.options
                (options.seed, options.identity, options.defaultSortOrder, options.historyLimit) = (seed, identity, sortOrder, historyLimit)
                return try ContactDevice.open(databaseAt: SQLiteFolder(in: base).path, options: options)
            },
            reopen: reopened,
            finish: { device in
                let path = device.databasePath
                device.close()
                if let path { SQLiteFolder(containing: path).remove() }
            })
    }

    /// The device's file, closed and opened again.
    private static func reopened(_ device: ContactDevice) throws(ContactError) -> ContactDevice {
        guard let path = device.databasePath else { throw ContactError(.storageClosed, "the device has no file") }
        device.close()
        return try ContactDevice.open(databaseAt: path, options: SQLiteFolder.options)
    }

    /// ``sqlite`` on `/dev/shm` where there is one (Linux), else in the temporary folder.
    package static let sqliteInMemoryFileSystem: BackEnd = SQLiteFolder.memoryFileSystem.map { sqlite(in: $0) } ?? sqlite
}

/// A database path in a temporary folder of its own, removed with everything SQLite left beside it.
package struct SQLiteFolder: Sendable {
    package let folder: URL
    package var path: String { folder.appendingPathComponent("device.sqlite").path }

    /// A new folder, in the temporary folder or in `base`.
    package init(in base: URL = FileManager.default.temporaryDirectory) {
        folder = base.appendingPathComponent("contactcore-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The folder of a database path one of these made.
    package init(containing path: String) {
        folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// `/dev/shm` where there is one (Linux): a file system in memory.
    package static let memoryFileSystem: URL? = {
        var isFolder: ObjCBool = false
        let shm = "/dev/shm"
        let usable = FileManager.default.fileExists(atPath: shm, isDirectory: &isFolder) && isFolder.boolValue
            && FileManager.default.isWritableFile(atPath: shm)
        return usable ? URL(fileURLWithPath: shm) : nil
    }()

    /// Without `fsync` per commit: the tests and fuzzers kill processes, they do not cut the power.
    package static let options = ContactDatabaseOptions(durability: .processCrash)
}
