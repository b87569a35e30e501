/// What changed in a device's state since its last commit reached storage, and what it was then.
///
/// ``DeviceState`` fills it from the only functions that change its records, so no change can
/// bypass it; each record keeps its value from the first touch, which is the stored one. That
/// is what lets a commit write only differences (a permitted set of 100,000 contacts is not
/// rewritten for one grant) and lets a failed write put the state back exactly.
struct StorageJournal: Sendable {
    var contacts: [String: StoredContact?] = [:]
    var groups: [String: StoredGroup?] = [:]
    var members: [String: Set<String>?] = [:]
    var subgroups: [String: Set<String>?] = [:]
    var apps: [String: AppRecord?] = [:]
    /// How many containers there were.
    var containerCount: Int
    var identifiers: IdentifierGenerator
    var nextSerial: UInt64

    /// A journal with nothing changed yet.
    init(identifiers: IdentifierGenerator, nextSerial: UInt64, containerCount: Int) {
        self.identifiers = identifiers
        self.nextSerial = nextSerial
        self.containerCount = containerCount
    }
}
