/// Where a device keeps its state between runs: the one hook a persistent back end plugs into.
///
/// ``ContactDevice`` calls ``write(_:)`` inside its commit critical section, with what the
/// commit changed, before anyone can read the change. If it throws, the device puts its
/// in-memory state back as it was before the commit and the caller gets the error: a commit
/// is in memory exactly when it is in storage. An in-memory device has no storage at all.
package protocol DeviceStorage: AnyObject, Sendable {
    /// The file the storage writes, if it is one.
    var path: String? { get }
    /// Makes `changes` durable as one transaction, or throws and changes nothing.
    func write(_ changes: StorageWrite) throws(ContactError)
    /// Releases the storage (the file and its lock); later writes must throw.
    func close()
}

/// The storage of a closed device: every commit fails, reads still answer from memory.
final class ClosedStorage: DeviceStorage {
    var path: String? { nil }

    func write(_ changes: StorageWrite) throws(ContactError) {
        throw ContactError(.storageClosed, "The device was closed; it can no longer commit.")
    }

    func close() {}
}
