/// The device's committed changes, oldest first, bounded to the newest `limit` commits.
struct ChangeLog: Sendable {
    let limit: Int
    private(set) var records: [CommitRecord] = []
    /// Sequence number of the newest commit; 0 before any.
    private(set) var lastSequence: UInt64 = 0

    init(limit: Int) { self.limit = max(1, limit) }

    mutating func append(
        author: String?, origin: UInt64?, events: [ChangeEvent], notifiedApps: Set<String>
    ) -> CommitRecord {
        lastSequence += 1
        let record = CommitRecord(
            sequence: lastSequence, transactionAuthor: author, originStoreIdentifier: origin,
            events: events, notifiedApps: notifiedApps)
        records.append(record)
        if records.count > limit { records.removeFirst(records.count - limit) }
        return record
    }
}
