/// Where a program's storage fails (SPEC 13): one call of SQLite's file system that returns an
/// error, a disk that stays full, or the power going off. FuzzStorageFaults reads it from a
/// header of ``byteCount`` bytes in front of an ordinary program (`Fuzz/FORMAT.md`).
///
/// Calls are counted from the program's first operation: the start it runs from is made
/// without faults, so that a schedule means the same whichever start the runner takes.
package struct FaultSchedule: Hashable, Sendable {
    /// A call of the file system, as SQLite makes it through its VFS.
    package enum CallKind: UInt8, Hashable, Sendable, CaseIterable {
        case open, read, write, truncate, sync, fileSize, lock, unlock, delete, access
    }

    /// What a failing call returns.
    package enum Fault: UInt8, Hashable, Sendable, CaseIterable {
        /// `SQLITE_IOERR_*`, the variant of the call's kind (`SQLITE_IOERR_FSYNC` for a sync).
        case ioError
        /// `SQLITE_FULL`.
        case diskFull
        /// `SQLITE_BUSY`: another process holds the file's lock.
        case busy
        /// The power goes off: this call and every later one fail, and the writes no sync
        /// covered are lost; the device is then opened again from what the disk kept.
        case powerLoss
    }

    /// The failing call: the `call`-th (from 1) of `kind`, or of any kind when `kind` is `nil`.
    package struct CallFailure: Hashable, Sendable {
        package var call: Int
        package var kind: CallKind?
        package var fault: Fault
        /// Every later call of that kind fails too, until the device is reopened: a disk that
        /// stays full. Means nothing for a power loss, which ends every call anyway.
        package var persists: Bool

        package init(call: Int, kind: CallKind? = nil, fault: Fault, persists: Bool = false) {
            self.call = call
            self.kind = kind
            self.fault = fault
            self.persists = persists
        }
    }

    package var failure: CallFailure?
    /// The power goes off once the program's `n`-th commit (from 1) has returned.
    package var powerLossAfterCommit: Int?
    /// A power loss keeps some of the unsynced writes, whole 512-byte sectors chosen by the
    /// schedule, instead of none: a write torn at a sector boundary.
    package var tornWrites = false

    package init(failure: CallFailure? = nil, powerLossAfterCommit: Int? = nil, tornWrites: Bool = false) {
        self.failure = failure
        self.powerLossAfterCommit = powerLossAfterCommit
        self.tornWrites = tornWrites
    }

    /// Nothing fails: the calls are only counted.
    package static let none = FaultSchedule()

    /// Whether the schedule ever cuts the power, so that unsynced writes must be kept to be undone.
    package var losesPower: Bool { powerLossAfterCommit != nil || failure?.fault == .powerLoss }

    /// The header's length.
    package static let byteCount = 5

    /// The schedule of a FuzzStorageFaults input and the program bytes after it. Any bytes decode.
    ///
    /// Byte 0: bits 0–1 the fault (``Fault``'s order), bit 2 a call fails, bit 3 it persists,
    /// bit 4 a power loss after a commit, bit 5 torn writes, bit 6 a call past the 16th. Byte 1:
    /// with bit 7 the call's kind, bits 0–6 modulo 10 in ``CallKind``'s order; without it a call
    /// of any kind (most faults worth finding hit whatever call a commit makes). Bytes 2 and 3: the call,
    /// 1 + byte 2 modulo 16, or with bit 6 1 + byte 2 + 256 × (byte 3 modulo 4): a commit
    /// makes a few calls to a few dozen, and the bugs worth finding sit between its first
    /// write and its sync, which random bytes then hit often.
    /// Byte 4: the commit a power loss follows, 1 + byte 4 modulo 16.
    package static func decode(_ bytes: [UInt8]) -> (schedule: FaultSchedule, program: [UInt8]) {
        var header = Array(bytes.prefix(byteCount))
        header += Array(repeating: 0, count: byteCount - header.count)
        let flags = header[0]
        var schedule = FaultSchedule(tornWrites: flags & 0x20 != 0)
        if flags & 0x04 != 0 {
            let kind = header[1] & 0x80 == 0 ? nil : CallKind.allCases[Int(header[1] & 0x7F) % CallKind.allCases.count]
            let call = flags & 0x40 == 0 ? 1 + Int(header[2] & 0x0F) : 1 + Int(header[2]) + 256 * Int(header[3] & 3)
            schedule.failure = CallFailure(call: call,
                                           kind: kind,
                                           fault: Fault.allCases[Int(flags & 3)], persists: flags & 0x08 != 0)
        }
        if flags & 0x10 != 0 { schedule.powerLossAfterCommit = 1 + Int(header[4]) % 16 }
        return (schedule, Array(bytes.dropFirst(byteCount)))
    }

    /// The header that decodes to this schedule (a call past 1,024 or a commit past 16 is not
    /// spelled: they are the most the header reaches).
    package var header: [UInt8] {
        var bytes: [UInt8] = [tornWrites ? 0x20 : 0, 0, 0, 0, 0]
        if let failure {
            bytes[0] |= 0x04 | failure.fault.rawValue | (failure.persists ? 0x08 : 0)
            bytes[1] = failure.kind.map { 0x80 | $0.rawValue } ?? 0
            let call = min(max(failure.call, 1), 1024) - 1
            if call >= 16 { bytes[0] |= 0x40 }
            (bytes[2], bytes[3]) = (UInt8(call & 0xFF), UInt8(call >> 8))
        }
        if let commit = powerLossAfterCommit {
            bytes[0] |= 0x10
            bytes[4] = UInt8((min(max(commit, 1), 16) - 1))
        }
        return bytes
    }
}

extension FaultSchedule: CustomStringConvertible {
    package var description: String {
        var parts: [String] = []
        if let failure {
            let kind = failure.kind.map { "\($0)" } ?? "any"
            parts.append("call \(failure.call) (\(kind)) fails with \(failure.fault)\(failure.persists ? ", and every later one" : "")")
        }
        if let commit = powerLossAfterCommit { parts.append("the power goes after commit \(commit)") }
        if tornWrites { parts.append("unsynced writes are torn") }
        return parts.isEmpty ? "no fault" : parts.joined(separator: "; ")
    }
}
