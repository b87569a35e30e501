import ContactCore
import Foundation
import GRDB

extension ContactDevice {
    /// Writes this in-memory device to a new database file, which it then commits to: a device
    /// built in memory (an import, a test's starting state) becomes a persistent one.
    ///
    /// The device keeps its observers and prompt responders. Only the device-level options
    /// (`seed` and the others) of `options` are ignored: the device already has them.
    ///
    /// - Throws: ``ContactCore/ContactError/Code/storageFailed`` if a file is already at `path`
    ///   or cannot be written; ``ContactCore/ContactError/Code/storageInUse`` if another device
    ///   holds its lock.
    public func saveAsDatabase(at path: String, options: ContactDatabaseOptions = ContactDatabaseOptions())
        throws(ContactError)
    {
        guard !options.readOnly else { throw ContactError(.storageReadOnly, "A read-only database cannot be created.") }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw ContactError(.storageFailed, "A file is already at \(path); a device is saved only to a new one.")
        }
        let lock = try FileLock(path: path + ".lock")
        do {
            try attachStorage { (image) throws(ContactError) in
                let queue = try SQLiteStorage.makeQueue(path: path, options: options)
                do {
                    try DatabaseSchema.migrator.migrate(queue)
                    try queue.write { db in try SQLiteStorage.create(image, in: db) }
                } catch {
                    try? queue.close()
                    throw ContactError.storage(error, while: "Creating \(path)")
                }
                return SQLiteStorage(queue: queue, lock: lock, readOnly: false)
            }
        } catch {
            lock.release()
            throw error
        }
    }
}
