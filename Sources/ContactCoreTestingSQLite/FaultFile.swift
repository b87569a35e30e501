import ContactCoreTesting
import GRDBSQLite

/// One file ``FaultVFS`` opened: the wrapped VFS's file, and the disk it belongs to, if any.
/// A retained pointer to it sits in the `sqlite3_file` block SQLite allocated, after the
/// methods pointer; ``FaultFile/methods`` forward each call to the wrapped file.
final class FaultFile: @unchecked Sendable {
    let disk: FaultDisk?
    let path: String
    let real: UnsafeMutablePointer<sqlite3_file>

    init(disk: FaultDisk?, path: String, real: UnsafeMutablePointer<sqlite3_file>) {
        self.disk = disk
        self.path = path
        self.real = real
    }

    static func real(of file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<sqlite3_file> {
        (UnsafeMutableRawPointer(file) + FaultVFS.realOffset).assumingMemoryBound(to: sqlite3_file.self)
    }

    static func attach(_ faultFile: FaultFile, to file: UnsafeMutablePointer<sqlite3_file>) {
        UnsafeMutableRawPointer(file).storeBytes(of: Unmanaged.passRetained(faultFile).toOpaque(), toByteOffset: 8,
                                                 as: UnsafeMutableRawPointer.self)
        file.pointee.pMethods = UnsafePointer(methods)
    }

    static func of(_ file: UnsafeMutablePointer<sqlite3_file>?) -> FaultFile? {
        guard let file else { return nil }
        let pointer = UnsafeMutableRawPointer(file).load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self)
        return Unmanaged<FaultFile>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The wrapped file's methods.
    var forward: sqlite3_io_methods { real.pointee.pMethods.pointee }

    /// Counts a call of `kind`; the code it must fail with instead of running, if it fails.
    func fails(_ kind: FaultSchedule.CallKind) -> Int32? { disk?.call(kind) }

    /// The wrapped file's size, uncounted.
    var size: Int64 {
        var size: sqlite3_int64 = 0
        _ = forward.xFileSize?(real, &size)
        return size
    }

    /// `count` bytes at `offset` of the wrapped file, uncounted (zeros past its end).
    func read(_ offset: Int64, _ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        _ = bytes.withUnsafeMutableBytes { forward.xRead?(real, $0.baseAddress, Int32(count), offset) }
        return bytes
    }

    /// Version 2: the shared-memory methods, and no memory-mapped reads, so that every read
    /// passes through `xRead` and is counted.
    nonisolated(unsafe) static let methods: UnsafeMutablePointer<sqlite3_io_methods> = {
        var methods = sqlite3_io_methods()
        methods.iVersion = 2
        methods.xClose = { file in
            guard let file, let faultFile = FaultFile.of(file) else { return SQLITE_OK }
            let result = faultFile.forward.xClose?(faultFile.real) ?? SQLITE_OK
            Unmanaged.passUnretained(faultFile).release()
            file.pointee.pMethods = nil
            return result
        }
        methods.xRead = { file, buffer, amount, offset in
            guard let faultFile = FaultFile.of(file) else { return FaultDisk.code(.ioError, .read) }
            if let code = faultFile.fails(.read) { return code }
            return faultFile.forward.xRead?(faultFile.real, buffer, amount, offset) ?? FaultDisk.code(.ioError, .read)
        }
        methods.xWrite = { file, buffer, amount, offset in
            guard let faultFile = FaultFile.of(file) else { return FaultDisk.code(.ioError, .write) }
            if let code = faultFile.fails(.write) { return code }
            if let disk = faultFile.disk, disk.keepsUnsyncedWrites {
                disk.willChange(faultFile.path, offset..<offset + Int64(amount), size: faultFile.size, read: faultFile.read)
            }
            return faultFile.forward.xWrite?(faultFile.real, buffer, amount, offset) ?? FaultDisk.code(.ioError, .write)
        }
        methods.xTruncate = { file, size in
            guard let faultFile = FaultFile.of(file) else { return FaultDisk.code(.ioError, .truncate) }
            if let code = faultFile.fails(.truncate) { return code }
            if let disk = faultFile.disk, disk.keepsUnsyncedWrites {
                let current = faultFile.size
                disk.willChange(faultFile.path, min(size, current)..<current, size: current, read: faultFile.read)
            }
            return faultFile.forward.xTruncate?(faultFile.real, size) ?? FaultDisk.code(.ioError, .truncate)
        }
        // A sync of a file on a disk only marks its writes as kept: the power loss is
        // simulated, so the real one would only cost time.
        methods.xSync = { file, flags in
            guard let faultFile = FaultFile.of(file) else { return FaultDisk.code(.ioError, .sync) }
            if let code = faultFile.fails(.sync) {
                faultFile.disk?.syncFailed(faultFile.path)
                return code
            }
            guard let disk = faultFile.disk else { return faultFile.forward.xSync?(faultFile.real, flags) ?? FaultDisk.code(.ioError, .sync) }
            disk.synced(faultFile.path)
            return SQLITE_OK
        }
        methods.xFileSize = { file, size in
            guard let faultFile = FaultFile.of(file) else { return FaultDisk.code(.ioError, .fileSize) }
            if let code = faultFile.fails(.fileSize) { return code }
            return faultFile.forward.xFileSize?(faultFile.real, size) ?? FaultDisk.code(.ioError, .fileSize)
        }
        methods.xLock = { file, lock in
            guard let faultFile = FaultFile.of(file) else { return FaultDisk.code(.ioError, .lock) }
            if let code = faultFile.fails(.lock) { return code }
            return faultFile.forward.xLock?(faultFile.real, lock) ?? FaultDisk.code(.ioError, .lock)
        }
        methods.xUnlock = { file, lock in
            guard let faultFile = FaultFile.of(file) else { return FaultDisk.code(.ioError, .unlock) }
            if let code = faultFile.fails(.unlock) { return code }
            return faultFile.forward.xUnlock?(faultFile.real, lock) ?? FaultDisk.code(.ioError, .unlock)
        }
        methods.xCheckReservedLock = { file, out in
            guard let faultFile = FaultFile.of(file) else { return SQLITE_IOERR }
            return faultFile.forward.xCheckReservedLock?(faultFile.real, out) ?? SQLITE_IOERR
        }
        methods.xFileControl = { file, operation, argument in
            guard let faultFile = FaultFile.of(file) else { return SQLITE_NOTFOUND }
            return faultFile.forward.xFileControl?(faultFile.real, operation, argument) ?? SQLITE_NOTFOUND
        }
        methods.xSectorSize = { file in
            guard let faultFile = FaultFile.of(file) else { return 4096 }
            return faultFile.forward.xSectorSize?(faultFile.real) ?? 4096
        }
        methods.xDeviceCharacteristics = { file in
            guard let faultFile = FaultFile.of(file) else { return 0 }
            return faultFile.forward.xDeviceCharacteristics?(faultFile.real) ?? 0
        }
        methods.xShmMap = { file, region, size, extend, pointer in
            guard let faultFile = FaultFile.of(file), faultFile.forward.iVersion >= 2 else { return SQLITE_IOERR }
            return faultFile.forward.xShmMap?(faultFile.real, region, size, extend, pointer) ?? SQLITE_IOERR
        }
        methods.xShmLock = { file, offset, count, flags in
            guard let faultFile = FaultFile.of(file), faultFile.forward.iVersion >= 2 else { return SQLITE_IOERR }
            return faultFile.forward.xShmLock?(faultFile.real, offset, count, flags) ?? SQLITE_IOERR
        }
        methods.xShmBarrier = { file in
            guard let faultFile = FaultFile.of(file), faultFile.forward.iVersion >= 2 else { return }
            faultFile.forward.xShmBarrier?(faultFile.real)
        }
        methods.xShmUnmap = { file, delete in
            guard let faultFile = FaultFile.of(file), faultFile.forward.iVersion >= 2 else { return SQLITE_OK }
            return faultFile.forward.xShmUnmap?(faultFile.real, delete) ?? SQLITE_OK
        }
        let made = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        made.initialize(to: methods)
        return made
    }()
}
