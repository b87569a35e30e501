/// Positions in an array, found by hash: a table of 4-byte positions alone, open addressing
/// with linear probing, at most three quarters full.
///
/// The table's owner keeps what each position stands for: it gives a position's hash, and says
/// whether a position holds what a look-up is for. Removing a position moves back the later
/// entries of its run that may sit in the freed bucket (backward shift), so the table needs no
/// tombstones and a look-up stops at the first empty bucket. A dictionary from key to position
/// holds a second copy of every key, in a table of twice the store's size.
struct PositionTable: Sendable {
    typealias Position = Int32

    /// A position per bucket, or ``empty``; a power of two in number, or none.
    private var buckets: [Position] = []

    private static let empty: Position = -1

    init() {}

    /// The bucket of the position `matches` accepts among those filed from `hash`'s bucket on,
    /// and that position; or, when none is accepted, the empty bucket where the look-up ended
    /// (where the position it was for would go) and `nil`.
    func find(_ hash: Int, _ matches: (Position) -> Bool) -> (bucket: Int, position: Position?) {
        guard !buckets.isEmpty else { return (0, nil) }
        let mask = buckets.count - 1
        var bucket = hash & mask
        while case let position = buckets[bucket], position != Self.empty {
            if matches(position) { return (bucket, position) }
            bucket = (bucket + 1) & mask
        }
        return (bucket, nil)
    }

    /// Whether `count` positions need more buckets than the table has.
    func needsGrowing(toHold count: Int) -> Bool { buckets.count < Self.bucketCount(for: count) }

    /// Files `position` in `bucket`: the empty one where a look-up for it ended.
    mutating func file(_ position: Position, in bucket: Int) { buckets[bucket] = position }

    /// Files `position`, whose hash is `hash`, in the first empty bucket from its own.
    mutating func file(_ position: Position, hash: Int) {
        file(position, in: find(hash) { _ in false }.bucket)
    }

    /// Files `moved` where `position`, whose hash is `hash`, was: a position that changed.
    mutating func move(_ position: Position, hash: Int, to moved: Position) {
        buckets[find(hash) { $0 == position }.bucket] = moved
    }

    /// Removes `position`, whose hash is `hash`. Each later entry of its run moves back into the
    /// hole unless its own bucket lies after the hole (cyclically): a look-up probes from its own
    /// bucket onwards and stops at the first empty one, so no entry may sit past an empty bucket
    /// from its own. `hashOf` gives the hash of any position the table holds.
    mutating func remove(_ position: Position, hash: Int, hashOf: (Position) -> Int) {
        let mask = buckets.count - 1
        var hole = find(hash) { $0 == position }.bucket, next = (hole + 1) & mask
        while case let moving = buckets[next], moving != Self.empty {
            let home = hashOf(moving) & mask
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = moving
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = Self.empty
    }

    /// Room for `count` positions, with `positions` (what the table holds, or is to hold) filed
    /// again under the hashes `hashOf` gives.
    mutating func rebuild(toHold count: Int, _ positions: some Sequence<Position>, hashOf: (Position) -> Int) {
        buckets = [Position](repeating: Self.empty, count: Self.bucketCount(for: count))
        for position in positions { file(position, hash: hashOf(position)) }
    }

    /// Buckets for `count` positions: a power of two that they fill to three quarters at most.
    private static func bucketCount(for count: Int) -> Int {
        let needed = max(16, count + (count + 2) / 3)
        return 1 << (Int.bitWidth - (needed - 1).leadingZeroBitCount)
    }
}
