#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ContactCore

/// An exclusive `flock` on a file beside the database: held for as long as a device has the
/// database open, released by the kernel when the process dies (even by `kill -9`).
///
/// A separate file, not the database itself: SQLite's own POSIX locks on the database are
/// dropped when *any* descriptor of that file in the process closes, so a failed second open
/// that closed its descriptor would silently unlock the first device's database.
final class FileLock: Sendable {
    private let descriptor: Int32
    private let released = LockedFlag()

    /// Takes the lock on `path`, creating the file if needed, or throws
    /// ``ContactError/Code/storageInUse`` if any device, in any process, holds it.
    init(path: String) throws(ContactError) {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw ContactError(.storageFailed, "Cannot create the lock file \(path) (errno \(errno)).")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw ContactError(.storageInUse, "Another device has the database open (\(path) is locked).")
            }
            throw ContactError(.storageFailed, "Cannot lock \(path) (errno \(code)).")
        }
        self.descriptor = descriptor
    }

    /// Releases the lock; later calls do nothing. Closing the descriptor twice would close
    /// whatever file reused its number, such as another device's database.
    func release() {
        guard released.set() else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
