import ContactCore
import ContactCoreTesting
import Foundation
import GRDBSQLite

/// An SQLite VFS, registered as `contactcore-faults`, that wraps the platform's default one
/// and hands every file under a ``FaultDisk``'s folder to that disk: each open, read, write,
/// truncate, sync, file size, lock, unlock, delete and access is counted, and the one the
/// disk's schedule names fails. Every other file passes straight through.
///
/// It becomes the process's default VFS when the first disk is made, since GRDB opens every
/// database with the default one (it takes no VFS name): a process that makes no disk never
/// meets it. Shared memory (the write-ahead log's index) passes through uncounted: it is not
/// a file the disk keeps, and SQLite rebuilds it from the log after a crash.
package enum FaultVFS {
    package static let name = "contactcore-faults"

    /// The VFS that was the default before this one.
    nonisolated(unsafe) static let real: UnsafeMutablePointer<sqlite3_vfs> = {
        guard let found = sqlite3_vfs_find(nil) else { fatalError("SQLite has no default VFS") }
        return found
    }()

    /// Where a file's wrapped file starts, in the block SQLite allocates for it: after the
    /// `sqlite3_file` header (its methods) and our ``FaultFile``.
    static let realOffset = 16

    nonisolated(unsafe) private static let vfs: UnsafeMutablePointer<sqlite3_vfs> = {
        let made = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        var vfs = real.pointee
        vfs.pNext = nil
        vfs.zName = UnsafePointer(strdup(name))
        vfs.szOsFile = Int32(realOffset) + real.pointee.szOsFile
        vfs.xOpen = { _, name, file, flags, outFlags in
            guard let file else { return SQLITE_MISUSE }
            file.pointee.pMethods = nil
            let path = name.map { String(cString: $0) }
            let disk = path.flatMap(FaultVFS.disk(for:))
            if let disk, let code = disk.call(.open) { return code }
            let realFile = FaultFile.real(of: file)
            guard let open = FaultVFS.real.pointee.xOpen else { return SQLITE_ERROR }
            let result = open(FaultVFS.real, name, realFile, flags, outFlags)
            // A file whose methods are set is closed even when opening failed: ours must close it.
            guard realFile.pointee.pMethods != nil else { return result }
            FaultFile.attach(FaultFile(disk: disk, path: path ?? "", real: realFile), to: file)
            return result
        }
        vfs.xDelete = { _, name, syncDirectory in
            let path = name.map { String(cString: $0) }
            let disk = path.flatMap(FaultVFS.disk(for:))
            if let disk, let code = disk.call(.delete) { return code }
            guard let delete = FaultVFS.real.pointee.xDelete else { return SQLITE_ERROR }
            let result = delete(FaultVFS.real, name, syncDirectory)
            if let disk, let path, result == SQLITE_OK { disk.deleted(path) }
            return result
        }
        vfs.xAccess = { _, name, flags, out in
            if let disk = name.flatMap({ FaultVFS.disk(for: String(cString: $0)) }), let code = disk.call(.access) { return code }
            guard let access = FaultVFS.real.pointee.xAccess else { return SQLITE_ERROR }
            return access(FaultVFS.real, name, flags, out)
        }
        made.initialize(to: vfs)
        return made
    }()

    private static let installed: Bool = sqlite3_vfs_register(vfs, 1) == SQLITE_OK

    private static let disks = Locked<[FaultDisk]>([])

    static func register(_ disk: FaultDisk) {
        precondition(installed, "SQLite refused to register the \(name) VFS")
        disks.withLock { $0.append(disk) }
    }

    static func unregister(_ disk: FaultDisk) {
        disks.withLock { $0.removeAll { $0 === disk } }
    }

    /// The disk whose folder holds `path`.
    static func disk(for path: String) -> FaultDisk? {
        disks.withLock { disks in disks.first { path.hasPrefix($0.folder) } }
    }
}
