import ContactCore

/// Where the runner's device keeps its state (SPEC 13): in memory, or in a storage that the
/// caller supplies, such as SQLite from `ContactCoreSQLite`, which this module does not link so
/// that the fuzzers stay free of it.
///
/// A persistent back end is closed and reopened in the middle of every program and before
/// its final sweep: the reopened device must hold exactly what the live one held, and the
/// rest of the program runs on it, so a field that does not survive shows as a difference
/// from the model.
package struct BackEnd: Sendable {
    package let name: String
    /// Moves a device the runner just made (in memory) onto this back end.
    let adopt: @Sendable (ContactDevice) throws(ContactError) -> ContactDevice
    /// Closes the device and opens its storage again; `nil` for memory, which has none.
    let reopen: (@Sendable (ContactDevice) throws(ContactError) -> ContactDevice)?
    /// Ends a run: closes the last device and removes what its storage left behind.
    let finish: @Sendable (ContactDevice) -> Void

    package init(
        name: String,
        adopt: @escaping @Sendable (ContactDevice) throws(ContactError) -> ContactDevice,
        reopen: (@Sendable (ContactDevice) throws(ContactError) -> ContactDevice)?,
        finish: @escaping @Sendable (ContactDevice) -> Void
    ) {
        self.name = name
        self.adopt = adopt
        self.reopen = reopen
        self.finish = finish
    }

    /// The device in memory, as it has always been.
    package static let memory = BackEnd(name: "memory", adopt: { $0 }, reopen: nil, finish: { _ in })
}
