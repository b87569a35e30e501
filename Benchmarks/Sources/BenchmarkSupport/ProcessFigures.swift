import Foundation

/// glibc's `malloc_trim`, which the Glibc module does not export: returns free pages to the system.
@_silgen_name("malloc_trim")
private func mallocTrim(_ padding: Int) -> Int32

/// A duration in seconds.
public func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Processor time this process has used so far, on every thread: unlike elapsed time, it does
/// not grow when other processes share the cores.
public func processorSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// This thread's processor time in nanoseconds: unlike the wall clock, it leaves out the time
/// other processes of a shared machine hold the core (not their effect on the caches).
public func threadNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The `percent` percentile of sorted nanosecond samples, in microseconds.
public func microseconds(_ sorted: [UInt64], percentile percent: Int) -> UInt64 {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * percent / 100)] / 1000
}

/// Peak and current resident memory of this process, in bytes (Linux `/proc/self/status`
/// VmHWM and VmRSS); 0 elsewhere.
public func processMemory() -> (peak: Int, current: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
        return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
    }
    return (field("VmHWM:"), field("VmRSS:"))
}

/// The process's resident memory, in bytes; 0 elsewhere than Linux.
public func residentMemory() -> Int {
    processMemory().current
}

/// Resident memory once freed pages went back to the system (`malloc_trim` on Linux).
public func settledResidentMemory() -> Int {
    #if os(Linux)
    _ = mallocTrim(0)
    #endif
    return residentMemory()
}

/// The size of the file at `path` in bytes, 0 when there is none.
public func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}
