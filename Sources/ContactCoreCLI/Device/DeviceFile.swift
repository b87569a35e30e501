#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ContactCore
import ContactCoreSQLite
import Foundation

/// How the tool opens a device file, so that a command that fails writes nothing.
///
/// A missing file is an error, never a new device (only `init` makes one). Every command
/// first runs on the device opened read-only: a file that is empty, not a ContactCore
/// database, damaged or too new fails there, and so does every bad argument (an unknown app,
/// a contact that is not there, a card that does not read, a change the rules refuse). A read
/// ends there. A change ends there too if it needs no commit; one that reaches its commit is
/// refused by the read-only device (which reverts it), and only then is the command run again
/// on the device opened for writing. A read-write open is never the first: it would turn an
/// empty file into a device, or switch a file's journal to the write-ahead log, which would
/// change the bytes of a file the command then refuses to change.
///
/// SQLite's `-wal` and `-shm` files that a read-only open leaves behind are removed once no
/// device has the file open; the library's lock file, `FILE.lock`, stays.
enum DeviceFile {
    /// Runs `body` on the device opened read-only: nothing it does can reach the file.
    static func reading<T>(_ path: String, _ body: (ContactDevice) throws -> T) throws -> T {
        try requireExisting(path)
        let leftovers = Leftovers(path)
        defer { leftovers.remove() }
        let device = try ContactDevice.open(databaseAt: path, options: ContactDatabaseOptions(readOnly: true))
        defer { device.close() }
        return try body(device)
    }

    /// Runs `body` on the device opened read-only, and again on the device open for commits
    /// if the first run got as far as a commit: `body` must commit last, after every check.
    static func writing<T>(_ path: String, _ body: (ContactDevice) throws -> T) throws -> T {
        do {
            return try reading(path, body)
        } catch let error as ContactError where error.code == .storageReadOnly {
            // The dry run reached its commit: every check passed.
        }
        return try updating(path, body)
    }

    /// Runs `body` on the device open for commits, with no dry run: for a command whose dry run
    /// would cost as much as the change (a large import), and which made its checks in a
    /// ``reading(_:_:)`` of its own before.
    static func updating<T>(_ path: String, _ body: (ContactDevice) throws -> T) throws -> T {
        let device: ContactDevice
        do {
            device = try ContactDevice.open(databaseAt: path)
        } catch {
            guard error.code == .storageReadOnly else { throw error }
            // The library's message names its API; this one says what the command needs.
            throw ContactError(.storageReadOnly, "\(path) is read-only, and this command changes the device.")
        }
        defer { device.close() }
        return try body(device)
    }

    static func requireExisting(_ path: String) throws(ToolError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ToolError(.noDeviceFile, "No device file at \(path); create one with `contactcore init \(path)`.")
        }
        guard !isDirectory.boolValue else {
            throw ToolError(.noDeviceFile, "\(path) is a folder, not a device file.")
        }
    }

    /// The `-wal` and `-shm` files a read-only connection makes and cannot delete on closing.
    private struct Leftovers {
        let path: String
        /// Those that were there before: another process's, or a crash's, left alone.
        let existing: [String: Bool]

        init(_ path: String) {
            self.path = path
            existing = Dictionary(uniqueKeysWithValues: ["-wal", "-shm"].map { ($0, FileManager.default.fileExists(atPath: path + $0)) })
        }

        /// Removes what the open made, if no device holds the file's lock (every device takes
        /// it before opening) and the log is empty: the shared-memory index is rebuilt by the
        /// next open.
        func remove() {
            let made = existing.filter { !$0.value }.map(\.key)
            guard !made.isEmpty else { return }
            let lock = open(path + ".lock", O_RDWR | O_CLOEXEC)
            guard lock >= 0 else { return }
            defer { close(lock) }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { return }
            defer { flock(lock, LOCK_UN) }
            let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
            guard log == 0 else { return }
            for suffix in made { unlink(path + suffix) }
        }
    }
}
