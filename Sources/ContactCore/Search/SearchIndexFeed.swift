import Foundation

/// Contacts handed over in insertion order as storage reads them, whose search keys a second
/// thread computes meanwhile: the half of a bulk build that is work per contact
/// (``SearchIndex/Lane``), done while opening waits on the file. The first search then has
/// only the prefix indexes' sorts left (``SearchIndex/init(_:)``).
///
/// Contacts go to the second thread in batches; a table smaller than one batch never starts
/// it, and ``finish(serials:identifiers:)`` files its contacts on the calling thread.
final class SearchIndexFeed: @unchecked Sendable {
    /// What a feed made: by slot, each contact's keys, serial and identifier, and the lane's pairs.
    struct Parts: Sendable {
        var keys: [ContactSearchKeys]
        var lane: SearchIndex.Lane
        var serials: [UInt64]
        var identifiers: [String]
    }

    private static let batchSize = 4_096

    // Touched by the feeding thread only.
    private var batch: [ContactFields] = []
    /// How many contacts were handed over.
    private var added = 0
    /// Made with the first full batch.
    private var queue: DispatchQueue?

    // Touched on `queue` only, or by the feeding thread before `queue` exists or after `finish`
    // has waited for it.
    private var keys: [ContactSearchKeys] = []
    private var lane: SearchIndex.Lane

    /// A feed with room for `capacity` contacts.
    init(capacity: Int) {
        lane = SearchIndex.Lane(reserving: capacity)
        keys.reserveCapacity(capacity)
        batch.reserveCapacity(Self.batchSize)
    }

    /// Hands over the next contact's fields: its slot is the number handed over before it.
    func add(_ fields: ContactFields) {
        batch.append(fields)
        added += 1
        guard batch.count == Self.batchSize else { return }
        let full = batch, first = added - full.count
        batch.removeAll(keepingCapacity: true)
        let queue = queue ?? DispatchQueue(label: "ContactCore.SearchIndexFeed")
        self.queue = queue
        queue.async { self.file(full, from: first) }
    }

    /// Waits for the second thread, files the last batch, and gives what the feed made with
    /// the contacts' serials and identifiers, by slot.
    func finish(serials: [UInt64], identifiers: [String]) -> Parts {
        queue?.sync {}
        file(batch, from: added - batch.count)
        batch = []
        return Parts(keys: keys, lane: lane, serials: serials, identifiers: identifiers)
    }

    private func file(_ contacts: [ContactFields], from first: Int) {
        for (offset, fields) in contacts.enumerated() {
            keys.append(lane.file(fields, at: SearchIndex.Slot(first + offset)))
        }
    }
}
