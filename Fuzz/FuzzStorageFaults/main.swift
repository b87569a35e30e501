import ContactCoreTestingSQLite

// SPEC 13 under storage faults: a fault schedule (Fuzz/FORMAT.md), then a program of every
// operation, on a SQLite device (on /dev/shm where there is one) whose disk fails at the call
// the schedule names, stays full, or loses its power. Nightly only (Package.swift, `nightlyFuzzTargets`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    StorageFaultsTarget.fuzz(start, count)
    return 0
}
