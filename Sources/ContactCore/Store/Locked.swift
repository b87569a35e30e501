#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: the one owner of each piece of the device's shared state.
///
/// Like `Synchronization.Mutex`, but over a pthread mutex, which ThreadSanitizer models: on
/// Linux it cannot see the futex `Mutex` uses and reports every access under it as a race,
/// which would hide real ones. A copy shares the value and the lock. One allocation holds
/// both, the mutex at an address that never moves (`NSLock` made five on Linux): devices and
/// stores are made by the thousand in tests and fuzzing.
package struct Locked<Value>: @unchecked Sendable {
    private let buffer: Buffer

    /// - Precondition: `Value` has a size: one of none (`Void`) would share its address with
    ///   the mutex, whose locking ThreadSanitizer then reports as a race with the holder.
    package init(_ value: Value) {
        assert(MemoryLayout<Value>.size > 0, "Locked needs a value of some size")
        let made = Buffer.create(minimumCapacity: 1) { buffer in
            buffer.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                pthread_mutex_init(mutex, nil)
            }
            return value
        }
        // `create` called on a subclass makes an instance of it.
        buffer = unsafeDowncast(made, to: Buffer.self)
    }

    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try buffer.withUnsafeMutablePointers { (value, mutex) throws(Failure) -> Result in
            pthread_mutex_lock(mutex)
            defer {
                pthread_mutex_unlock(mutex)
                LockNoise.afterUnlock()
            }
            return try body(&value.pointee)
        }
    }

    /// The value as the header, the mutex as the one element.
    private final class Buffer: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in _ = pthread_mutex_destroy(mutex) }
        }
    }
}
