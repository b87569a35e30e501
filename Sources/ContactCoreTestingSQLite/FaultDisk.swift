import ContactCore
import ContactCoreTesting
import Foundation
import GRDBSQLite

/// The files under one folder, as ``FaultVFS`` sees them: every call SQLite makes on them
/// counted, the one a ``FaultSchedule`` names failed, and, when the schedule cuts the power,
/// every write since each file's last sync kept so that it can be taken back.
package final class FaultDisk: StorageFaults, @unchecked Sendable {
    package let folder: String
    package let schedule: FaultSchedule
    private let state = Locked(State())

    private struct State {
        var armed = false
        var calls = 0
        var callsByKind: [FaultSchedule.CallKind: Int] = [:]
        /// The faults that fired, and how many calls failed.
        var fired: Set<FaultSchedule.Fault> = []
        var failedCalls = 0
        var failedKinds: Set<FaultSchedule.CallKind> = []
        var sites: Set<Int> = []
        var powerIsOff = false
        var powerLosses = 0
        /// A persistent failure stops at the first reopen after it fired.
        var healed = false
        var commits = 0
        /// The calls counted when the last operation ended (the rest are the final reopen's).
        var callsInOperations = 0
        var callsByKindInOperations: [FaultSchedule.CallKind: Int] = [:]
        var failedCommits: [ContactError] = []
        var unsynced: [String: UnsyncedWrites] = [:]
    }

    /// A disk for the files under `folder` (registered with ``FaultVFS`` until ``remove()``).
    package init(folder: String, schedule: FaultSchedule) {
        self.folder = folder.hasSuffix("/") ? folder : folder + "/"
        self.schedule = schedule
        FaultVFS.register(self)
    }

    /// No longer routes the folder's files here.
    package func remove() { FaultVFS.unregister(self) }

    // MARK: What the runner asks (StorageFaults)

    package func operationStarts() { state.withLock { $0.armed = true } }

    package func takeFailedCommits() -> [ContactError] {
        state.withLock { state in
            defer { state.failedCommits = [] }
            return state.failedCommits
        }
    }

    package var expectedCodes: Set<ContactError.Code> {
        Set(state.withLock { $0.fired }.map { $0 == .busy ? ContactError.Code.storageInUse : .storageFailed })
    }

    package func operationEnds(acknowledging commits: Int) -> Bool {
        state.withLock { state in
            let before = state.commits
            state.commits += commits
            (state.callsInOperations, state.callsByKindInOperations) = (state.calls, state.callsByKind)
            if let cut = schedule.powerLossAfterCommit, before < cut, state.commits >= cut, !state.powerIsOff {
                state.powerIsOff = true
                state.powerLosses += 1
            }
            return state.powerIsOff
        }
    }

    // MARK: What the back end asks

    /// A commit of the device's storage threw `error`.
    func commitFailed(_ error: ContactError) { state.withLock { $0.failedCommits.append(error) } }

    /// The disk works again before a reopen: a full disk was freed, and after a power loss the
    /// power is back with each file as its last sync left it (torn, if the schedule says so).
    /// Whether a fault had fired since the last heal.
    @discardableResult
    package func heal() -> Bool {
        let (unsynced, powerWasOff) = state.withLock { state in
            defer {
                state.unsynced = [:]
                state.powerIsOff = false
                if !state.fired.isEmpty { state.healed = true }
            }
            return (state.unsynced, state.powerIsOff)
        }
        guard powerWasOff else { return !state.withLock { $0.fired }.isEmpty }
        let seed = UInt64(schedule.failure?.call ?? 0) &* 31 &+ UInt64(schedule.powerLossAfterCommit ?? 0)
        for (path, writes) in unsynced {
            let name = URL(fileURLWithPath: path).lastPathComponent
            writes.restore(path) { sector in schedule.tornWrites && Self.keeps(name, sector, seed: seed) }
        }
        return true
    }

    /// Whether a torn write keeps `sector` of the file `name`: half of them, by a hash.
    private static func keeps(_ name: String, _ sector: Int64, seed: UInt64) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ UInt64(bitPattern: sector)) &* 0x100_0000_01b3
        return (hash >> 29) & 1 == 0
    }

    /// What was counted and failed, for the figures.
    var counts: (calls: Int, failedCalls: Int, failedKinds: Set<FaultSchedule.CallKind>, powerLosses: Int, sites: Set<Int>) {
        state.withLock { ($0.calls, $0.failedCalls, $0.failedKinds, $0.powerLosses, $0.sites) }
    }

    /// How many calls were counted, and how many commits returned.
    package var calls: Int { state.withLock { $0.calls } }
    package var commits: Int { state.withLock { $0.commits } }
    /// The calls the operations made (counted until the last one ended), of any kind and by kind.
    package var callsInOperations: (all: Int, byKind: [FaultSchedule.CallKind: Int]) {
        state.withLock { ($0.callsInOperations, $0.callsByKindInOperations) }
    }
    /// The kinds of the calls that failed.
    package var failedKinds: Set<FaultSchedule.CallKind> { state.withLock { $0.failedKinds } }

    // MARK: What the VFS asks

    /// Counts a call; the SQLite result code it must return instead of running, if it fails.
    func call(_ kind: FaultSchedule.CallKind) -> Int32? {
        state.withLock { state -> FaultSchedule.Fault? in
            if state.powerIsOff {
                state.failedCalls += 1
                return .powerLoss
            }
            guard state.armed else { return nil }
            state.calls += 1
            state.callsByKind[kind, default: 0] += 1
            guard let failure = schedule.failure, failure.kind == nil || failure.kind == kind else { return nil }
            let count = failure.kind == nil ? state.calls : state.callsByKind[kind, default: 0]
            guard count == failure.call || (failure.persists && !state.healed && count > failure.call) else { return nil }
            // Only a lock is ever busy: a file system that answered busy to a read or a write
            // would be answered as SQLite answers readers in its way (a checkpoint that stops
            // early counts as done), which no disk makes it do.
            let fault = failure.fault == .busy && kind != .lock ? .ioError : failure.fault
            state.fired.insert(fault)
            state.failedCalls += 1
            state.failedKinds.insert(kind)
            if let site = StorageFaultFigures.callSite() { state.sites.insert(site) }
            if fault == .powerLoss {
                state.powerIsOff = true
                state.powerLosses += 1
            }
            return fault
        }.map { Self.code($0, kind) }
    }

    /// The result code of `fault` at a call of `kind`.
    static func code(_ fault: FaultSchedule.Fault, _ kind: FaultSchedule.CallKind) -> Int32 {
        switch fault {
        case .diskFull: return SQLITE_FULL
        case .busy: return SQLITE_BUSY
        case .ioError, .powerLoss:
            let extended: Int32 = switch kind {
            case .open: 0
            case .read: 1
            case .write: 3
            case .sync: 4
            case .truncate: 6
            case .fileSize: 7
            case .unlock: 8
            case .lock: 15
            case .delete: 10
            case .access: 13
            }
            return SQLITE_IOERR | extended << 8
        }
    }

    /// Whether writes must be kept to be undone: for a power loss, or for a sync that fails.
    var keepsUnsyncedWrites: Bool {
        schedule.losesPower || schedule.failure.map { $0.kind == nil || $0.kind == .sync } ?? false
    }

    /// Before a write or truncation of `path` changes `range`: keeps the synced bytes there.
    func willChange(_ path: String, _ range: Range<Int64>, size: Int64, read: (Int64, Int) -> [UInt8]) {
        state.withLock { state in
            var writes = state.unsynced[path] ?? UnsyncedWrites(syncedSize: size)
            writes.willChange(range, read: read)
            state.unsynced[path] = writes
        }
    }

    /// A sync of `path` failed: the writes it was to cover are lost, as Linux drops the pages
    /// of a failed `fsync` (they could otherwise bring back a commit that was reported failed).
    func syncFailed(_ path: String) {
        guard let writes = state.withLock({ $0.powerIsOff ? nil : $0.unsynced.removeValue(forKey: path) }) else { return }
        writes.restore(path) { _ in false }
    }

    /// `path` was synced: nothing of it is lost any more.
    func synced(_ path: String) { _ = state.withLock { $0.unsynced.removeValue(forKey: path) } }

    /// `path` was deleted (a deletion is taken to reach the disk at once).
    func deleted(_ path: String) { synced(path) }
}
