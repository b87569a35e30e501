import Foundation

/// A value behind a lock: the one owner of each piece of the device's shared state.
///
/// Like `Synchronization.Mutex`, but over a pthread mutex (`NSLock`), which ThreadSanitizer
/// models: on Linux it cannot see the futex `Mutex` uses and reports every access under it
/// as a race, which would hide real ones.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
