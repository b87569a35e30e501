#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a power loss takes back from one file: its size at its last sync and the bytes every
/// write or truncation since then replaced, oldest first.
struct UnsyncedWrites: Sendable {
    /// The size the file had when it was last synced (or created).
    let syncedSize: Int64
    private(set) var replaced: [(offset: Int64, bytes: [UInt8])] = []
    /// The last change: a torn write never keeps it, so a commit whose sync did not return
    /// never lands whole (its last write, the write-ahead log's commit frame, is lost).
    private(set) var last: Range<Int64>?

    init(syncedSize: Int64) {
        self.syncedSize = syncedSize
    }

    /// Keeps the synced bytes in `range` that a write or truncation is about to change, read by `read`.
    mutating func willChange(_ range: Range<Int64>, read: (Int64, Int) -> [UInt8]) {
        last = range
        let kept = range.clamped(to: 0..<syncedSize)
        guard !kept.isEmpty else { return }
        replaced.append((kept.lowerBound, read(kept.lowerBound, Int(kept.count))))
    }

    /// The bytes of a 512-byte sector are the unit a torn write keeps or loses.
    static let sectorSize: Int64 = 512

    /// The file at `path` as the disk kept it when the power went: the synced content, or with
    /// `torn` (torn writes) each sector it names as it is now, but those of the last change. Unsynced bytes past the synced
    /// size that a torn write keeps stay, the others read as zeros.
    func restore(_ path: String, keeps torn: (Int64) -> Bool) {
        func keeps(_ sector: Int64) -> Bool {
            torn(sector) && !(last?.overlaps(sector * Self.sectorSize..<(sector + 1) * Self.sectorSize) ?? false)
        }
        guard var content = FileManager.default.contents(atPath: path).map([UInt8].init) else { return }
        let current = Int64(content.count)
        if Int64(content.count) < syncedSize { content += Array(repeating: 0, count: Int(syncedSize) - content.count) }
        for (offset, bytes) in replaced.reversed() {
            for (index, byte) in bytes.enumerated() where !keeps((offset + Int64(index)) / Self.sectorSize) {
                content[Int(offset) + index] = byte
            }
        }
        var length = syncedSize
        var sector = syncedSize / Self.sectorSize
        while sector * Self.sectorSize < current {
            let range = max(sector * Self.sectorSize, syncedSize)..<min((sector + 1) * Self.sectorSize, current)
            if keeps(sector) {
                length = range.upperBound
            } else {
                for index in range { content[Int(index)] = 0 }
            }
            sector += 1
        }
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = content.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, Int(length), 0) }
        _ = ftruncate(descriptor, off_t(length))
    }
}
