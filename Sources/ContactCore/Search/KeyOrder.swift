/// Key ids in the byte order of their keys, in chunks of a few hundred: inserting or removing
/// one moves the ids of its chunk only. A single sorted array of a million ids moved up to
/// four megabytes for each new key, which is what a save into a large index files.
struct KeyOrder: Sendable {
    /// Where an id is: its chunk and its place in it; `chunk == chunkCount` is the end.
    struct Position: Equatable {
        var chunk: Int
        var offset: Int
    }

    /// A chunk splits in two when it grows past twice this.
    private static let chunkSize = 512

    /// Never an empty chunk.
    private var chunks: [[Int32]] = []
    private(set) var count = 0

    init() {}

    /// `ids` already in key order.
    init(sorted ids: [Int32]) {
        chunks = stride(from: 0, to: ids.count, by: Self.chunkSize).map { Array(ids[$0..<min($0 + Self.chunkSize, ids.count)]) }
        count = ids.count
    }

    /// Every id, in order.
    var ids: FlattenSequence<[[Int32]]> { chunks.joined() }

    /// The position past the last id.
    private var end: Position { Position(chunk: chunks.count, offset: 0) }

    /// The first position whose id does not `precede` (the ids it holds true of come first):
    /// a binary search over the chunks' last ids, then inside one chunk.
    func partitionPoint(_ precedes: (Int32) -> Bool) -> Position {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if let last = chunks[middle].last, precedes(last) { low = middle + 1 } else { high = middle }
        }
        guard low < chunks.count else { return end }
        let chunk = chunks[low]
        var first = 0, past = chunk.count
        while first < past {
            let middle = (first + past) / 2
            if precedes(chunk[middle]) { first = middle + 1 } else { past = middle }
        }
        return Position(chunk: low, offset: first)
    }

    /// The id at `position`; `nil` at the end.
    subscript(position: Position) -> Int32? {
        position.chunk < chunks.count ? chunks[position.chunk][position.offset] : nil
    }

    /// The position after `position`, which is not the end.
    func position(after position: Position) -> Position {
        position.offset + 1 < chunks[position.chunk].count
            ? Position(chunk: position.chunk, offset: position.offset + 1)
            : Position(chunk: position.chunk + 1, offset: 0)
    }

    /// Puts `id` at `position` (as ``partitionPoint(_:)`` found it), before the id there.
    mutating func insert(_ id: Int32, at position: Position) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[id]]
            return
        }
        // The end goes on the last chunk.
        let chunk = position.chunk < chunks.count ? position.chunk : chunks.count - 1
        let offset = position.chunk < chunks.count ? position.offset : chunks[chunk].count
        chunks[chunk].insert(id, at: offset)
        if chunks[chunk].count > 2 * Self.chunkSize {
            let upper = Array(chunks[chunk][Self.chunkSize...])
            chunks[chunk].removeSubrange(Self.chunkSize...)
            chunks.insert(upper, at: chunk + 1)
        }
    }

    /// Removes the id at `position`, which is not the end.
    mutating func remove(at position: Position) {
        count -= 1
        chunks[position.chunk].remove(at: position.offset)
        if chunks[position.chunk].isEmpty { chunks.remove(at: position.chunk) }
    }
}
