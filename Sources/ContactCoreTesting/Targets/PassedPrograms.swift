/// The programs a fuzzing process has run and seen pass, by a 64-bit fingerprint of the
/// program and its back end.
///
/// Most inputs libFuzzer makes decode to a program it has already run: a mutation that changes
/// a byte no record reads, or a byte to another value that decodes the same (a choice is a
/// byte modulo the number of choices), asks nothing new. Fuzzing from the corpus, three inputs
/// in five did. ``FuzzTarget/fuzz(_:_:on:)`` runs a program once and skips its repeats.
///
/// One kind of repeat is counted apart: libFuzzer's own second run. When an input's first run
/// leaves more blocks allocated than it freed (a start or a search form kept for later
/// programs), libFuzzer runs the same input again at once, to scan the heap for leaks only if
/// that run leaves blocks too. No mutation made it, so it is no repeat of a mutation; it is
/// skipped like one, so the scan never follows (LeakSanitizer still checks at exit).
///
/// A table of fixed size, made once: adding a fingerprint allocates nothing, so libFuzzer's
/// check sees only what the program's run left behind. Full, it forgets everything.
package struct PassedPrograms {
    private var slots: [UInt64]
    private var count = 0
    /// The input before, by a hash of its bytes.
    private var previous: UInt64 = 0
    /// Inputs seen, those that repeated a passed program, libFuzzer's second runs of an input
    /// (neither run), and the operations of the programs run (for ``summary``).
    package private(set) var inputs = 0
    package private(set) var repeats = 0
    package private(set) var reruns = 0
    package private(set) var operations = 0

    /// Room for three quarters of `capacity` (a power of two) fingerprints.
    package init(capacity: Int = 1 << 20) {
        slots = [UInt64](repeating: 0, count: capacity)
    }

    /// The fingerprint of `program` on `backEnd`; never 0, which marks an empty slot.
    package static func fingerprint(_ program: Program, on backEnd: BackEnd) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(program)
        hasher.combine(backEnd.name)
        return nonZero(hasher)
    }

    /// A hash of an input's bytes, never 0 (the input before the first): which input libFuzzer runs again.
    package static func fingerprint(ofInput bytes: [UInt8]) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes)
        return nonZero(hasher)
    }

    private static func nonZero(_ hasher: consuming Hasher) -> UInt64 {
        max(1, UInt64(truncatingIfNeeded: hasher.finalize()))
    }

    /// Counts an input (`input`, ``fingerprint(ofInput:)``) whose program has `operations`
    /// operations; whether to skip it: it is the input before once more (a second run, whose
    /// program passed, or the process would have stopped), or its program passed before (a repeat).
    package mutating func isRepeat(_ fingerprint: UInt64, input: UInt64, operations: Int = 0) -> Bool {
        inputs += 1
        defer { previous = input }
        if input == previous {
            reruns += 1
            return true
        }
        if find(fingerprint).found {
            repeats += 1
            return true
        }
        self.operations += operations
        return false
    }

    /// Whether `fingerprint`'s program passed before; counts nothing (the mutator asks).
    package func contains(_ fingerprint: UInt64) -> Bool { find(fingerprint).found }

    package mutating func insert(_ fingerprint: UInt64) {
        if count >= slots.count / 4 * 3 {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            count = 0
        }
        let (slot, found) = find(fingerprint)
        guard !found else { return }
        slots[slot] = fingerprint
        count += 1
    }

    /// The slot that holds `fingerprint`, or the empty one where it would go (linear probing).
    private func find(_ fingerprint: UInt64) -> (slot: Int, found: Bool) {
        var slot = Int(truncatingIfNeeded: fingerprint) & (slots.count - 1)
        while slots[slot] != 0 {
            if slots[slot] == fingerprint { return (slot, true) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return (slot, false)
    }

    /// One line for the end of a fuzzing run: how many inputs ran a program, how many
    /// operations those programs held (a rate of programs depends on their length), and how
    /// many inputs were libFuzzer's second run of the input before.
    package var summary: String {
        let share = inputs == 0 ? 0 : 100 * repeats / inputs
        return "INFO: ContactCore programs: \(inputs) inputs, \(inputs - repeats - reruns) run, \(repeats) (\(share)%) repeated a program that had passed and were not run again, \(operations) operations in the programs run, \(reruns) inputs libFuzzer ran again right after themselves (its leak check) were not run again\n"
    }
}
