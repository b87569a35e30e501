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

    /// A log read back from storage: `records` oldest first, consecutive, at most `limit`,
    /// the last numbered `lastSequence` (the caller checked).
    init(limit: Int, records: [CommitRecord], lastSequence: UInt64) {
        self.limit = max(1, limit)
        self.records = Deque(records)
        self.lastSequence = lastSequence
    }

    /// The commit that ``append(_:)`` will take next; nothing changes until it does.
    func nextRecord(author: String?, origin: UInt64?, events: [ChangeEvent], notifiedApps: Set<String>) -> CommitRecord {
        CommitRecord(sequence: lastSequence + 1, transactionAuthor: author, originStoreIdentifier: origin,
                     events: events, notifiedApps: notifiedApps)
    }

    /// Appends the record ``nextRecord(author:origin:events:notifiedApps:)`` made, dropping
    /// the oldest beyond the limit.
    mutating func append(_ record: CommitRecord) {
        precondition(record.sequence == lastSequence + 1, "commits append in order")
        lastSequence = record.sequence
        records.append(record)
        if records.count > limit { records.removeFirst() }
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
