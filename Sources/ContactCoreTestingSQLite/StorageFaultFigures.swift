#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactCore
import ContactCoreTesting
import Foundation

/// What the storage-fault runs of this process did, for `Fuzz/RESULTS.md`: runs, faults
/// injected (each failed call), the distinct places in SQLite that made a failed call, power
/// losses, and the commits a reopen after a fault found.
package final class StorageFaultFigures: Sendable {
    package static let shared = StorageFaultFigures()

    package struct Counts: Hashable, Sendable, CustomStringConvertible {
        package var runs = 0
        package var calls = 0
        package var faults = 0
        package var kinds: Set<FaultSchedule.CallKind> = []
        package var sites: Set<Int> = []
        package var powerLosses = 0
        package var reopensAfterFaults = 0
        package var commitsChecked = 0

        package var description: String {
            "\(runs) runs, \(calls) calls counted, \(faults) faults injected at \(sites.count) distinct SQLite call sites "
                + "(\(kinds.count) of \(FaultSchedule.CallKind.allCases.count) call kinds), \(powerLosses) power losses, "
                + "\(reopensAfterFaults) reopens after a fault holding \(commitsChecked) acknowledged commits"
        }
    }

    private let counts = Locked(Counts())

    package var current: Counts { counts.withLock { $0 } }

    func add(_ disk: FaultDisk) {
        let (calls, failed, kinds, powerLosses, sites) = disk.counts
        counts.withLock { counts in
            counts.runs += 1
            counts.calls += calls
            counts.faults += failed
            counts.kinds.formUnion(kinds)
            counts.sites.formUnion(sites)
            counts.powerLosses += powerLosses
        }
    }

    /// A device reopened after a fault: every commit it holds was acknowledged and is checked.
    func checked(_ device: ContactDevice) {
        let commits = Int(device.image.meta.lastSequence)
        counts.withLock { counts in
            counts.reopensAfterFaults += 1
            counts.commitsChecked += commits
        }
    }

    /// The SQLite code that made the call now failing: the first return address inside the
    /// SQLite library, as an offset into it (`nil` where `/proc/self/maps` does not say where it is).
    static func callSite() -> Int? {
        guard let library = sqliteMapping else { return nil }
        guard let backtrace else { return nil }
        var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 16)
        let count = Int(backtrace(&frames, Int32(frames.count)))
        for frame in frames.prefix(count) {
            guard let address = frame.map({ UInt(bitPattern: $0) }), library.contains(address) else { continue }
            return Int(address - library.lowerBound)
        }
        return nil
    }

    /// glibc's `backtrace`, which the Swift overlay does not declare (`RTLD_DEFAULT` is 0).
    private static let backtrace: (@convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int32) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "backtrace").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int32) -> Int32).self) }

    /// The addresses the SQLite library is mapped at.
    private static let sqliteMapping: Range<UInt>? = {
        // Read to the end: a file of /proc says it is empty, so reading by its size reads nothing.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
              let maps = String(data: data, encoding: .utf8)
        else { return nil }
        let ranges = maps.split(separator: "\n").filter { $0.contains("libsqlite3") }.compactMap { line -> Range<UInt>? in
            let bounds = line.prefix { $0 != " " }.split(separator: "-").compactMap { UInt($0, radix: 16) }
            return bounds.count == 2 && bounds[0] < bounds[1] ? bounds[0]..<bounds[1] : nil
        }
        guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return nil }
        return low..<high
    }()
}
