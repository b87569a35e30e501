#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Pauses a thread for a moment after it lets a ``Locked`` value go, while a test asks for it.
///
/// The harness's parallel programs turn it on: a race whose window lies between two lock
/// sections (a notification posted after the commit's lock, an edit made in two sections) is a
/// few instructions wide, and a start gate alone rarely puts another thread's call inside it.
/// After each unlock, half the time, the thread gives up its processor up to 31 times, so that
/// the other threads' calls land between its sections. Off (the count is zero) it costs one
/// relaxed atomic load per lock. Noise from one test reaches every device in the process while
/// it is on: it only slows the others.
@_spi(Hooks) public enum LockNoise {
    /// How many callers of ``during(_:)`` are inside it now (tests run in parallel).
    private static let callers = Atomic<Int>(0)
    /// A counter the pauses are drawn from; each unlock takes the next value.
    private static let draws = Atomic<UInt64>(0)

    /// Runs `body` with pauses after every unlock in the process.
    public static func during<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        callers.add(1, ordering: .relaxed)
        defer { callers.subtract(1, ordering: .relaxed) }
        return try body()
    }

    @inline(__always)
    static func afterUnlock() {
        guard callers.load(ordering: .relaxed) > 0 else { return }
        pause()
    }

    private static func pause() {
        // SplitMix64 over a shared counter: each unlock a fresh draw, whatever thread takes it.
        var draw = draws.wrappingAdd(0x9E37_79B9_7F4A_7C15, ordering: .relaxed).newValue
        draw = (draw ^ draw >> 30) &* 0xBF58_476D_1CE4_E5B9
        draw = (draw ^ draw >> 27) &* 0x94D0_49BB_1331_11EB
        draw ^= draw >> 31
        guard draw & 1 == 0 else { return }
        for _ in 0..<(draw >> 59) { sched_yield() }
    }
}
