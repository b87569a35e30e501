import ContactCore

/// A back end's disk that fails on purpose (SPEC 13), as the runner sees it around each
/// operation: which commits failed and how, and whether the power went off. ContactCoreTestingSQLite
/// makes one over SQLite's file system; this module never links SQLite.
package protocol StorageFaults: AnyObject, Sendable {
    /// Starts counting calls (and failing them) if it has not: called before each operation.
    func operationStarts()
    /// The errors the device's storage threw since the last call: each a commit that failed.
    func takeFailedCommits() -> [ContactError]
    /// The codes a failed commit may carry, given the faults injected so far: a full disk or an
    /// I/O error is ``ContactCore/ContactError/Code/storageFailed``, a lock another holds
    /// ``ContactCore/ContactError/Code/storageInUse``; never ``ContactCore/ContactError/Code/storageCorrupt``.
    var expectedCodes: Set<ContactError.Code> { get }
    /// Called after each operation with the commits it made that returned: the schedule may
    /// cut the power now. Whether the power is off, so that the device must be reopened from
    /// what the disk kept.
    func operationEnds(acknowledging commits: Int) -> Bool
}
