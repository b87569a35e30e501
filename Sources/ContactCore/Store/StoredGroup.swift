/// A group as the device stores it: its name, its container, and when it was added.
struct StoredGroup: Hashable, Sendable {
    var name: String
    var containerIdentifier: String
    var serial: UInt64
}
