import ContactCore

/// Where the runner's device keeps its state (SPEC 13): in memory, or in a storage that the
/// caller supplies, such as SQLite from `ContactCoreSQLite`, which this module does not link so
/// that the fuzzers stay free of it.
///
/// A persistent back end is closed and reopened after every save the program marks
/// (``Program/reopensAfter``) and before its final sweep: the reopened device must hold
/// exactly what the live one held, and the rest of the program runs on it, so a field that
/// does not survive shows as a difference from the model.
///
/// A program starts from a device made in memory, written to the storage whole and read
/// back (``adopt``), or, when it has an odd number of operations and the back end can ``create``
/// one, from an empty stored device that the start's own saves and Settings changes fill one
/// commit at a time: the storage's bulk writer and its incremental one each meet every start.
package struct BackEnd: Sendable {
    package let name: String
    /// Moves a device the runner just made (in memory) onto this back end.
    let adopt: @Sendable (ContactDevice) throws(ContactError) -> ContactDevice
    /// Makes an empty device (seed, identity, default sort order, history limit) in new storage of this back
    /// end; `nil` for memory, where a new device is all there is.
    let create: (@Sendable (UInt64, UInt64, SortOrder, Int) throws(ContactError) -> ContactDevice)?
    /// Closes the device and opens its storage again; `nil` for memory, which has none.
    let reopen: (@Sendable (ContactDevice) throws(ContactError) -> ContactDevice)?
    /// Ends a run: closes the last device and removes what its storage left behind.
    let finish: @Sendable (ContactDevice) -> Void
    /// The disk's planned failures, when it has any: the runner then lets a commit fail with a
    /// storage error, and checks that it left nothing behind (``Runner``'s `perform`).
    package let faults: (any StorageFaults)?

    package init(
        name: String,
        adopt: @escaping @Sendable (ContactDevice) throws(ContactError) -> ContactDevice,
        create: (@Sendable (UInt64, UInt64, SortOrder, Int) throws(ContactError) -> ContactDevice)? = nil,
        reopen: (@Sendable (ContactDevice) throws(ContactError) -> ContactDevice)?,
        finish: @escaping @Sendable (ContactDevice) -> Void,
        faults: (any StorageFaults)? = nil
    ) {
        self.name = name
        self.adopt = adopt
        self.create = create
        self.reopen = reopen
        self.finish = finish
        self.faults = faults
    }

    /// The device in memory, as it has always been.
    package static let memory = BackEnd(name: "memory", adopt: { $0 }, reopen: nil, finish: { _ in })
}
