import DequeModule

/// The device's committed changes, oldest first, bounded to the newest `limit` commits.
///
/// Appending is O(1) amortized, and so is finding where a history fetch starts: a commit's
/// position is its sequence number less the oldest kept one, so reading the commits after a
/// token costs only as much as there are of them.
struct ChangeLog: Sendable {
    let limit: Int
    private(set) var records: Deque<CommitRecord> = []
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
        if records.count > limit { records.removeFirst() }
        return record
    }

    /// The oldest sequence number a fetch can start after: every commit after it is still
    /// kept. A token older than this has expired.
    var horizon: UInt64 { records.first.map { $0.sequence - 1 } ?? lastSequence }

    /// The commits after `sequence`, oldest first; `sequence` must lie in `horizon...lastSequence`.
    func records(after sequence: UInt64) -> Deque<CommitRecord>.SubSequence {
        precondition(sequence >= horizon && sequence <= lastSequence, "history position out of range")
        return records[Int(sequence - horizon)...]
    }
}
