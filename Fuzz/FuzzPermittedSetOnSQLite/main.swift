import ContactCoreTesting
import ContactCoreTestingSQLite

// FuzzPermittedSet's programs on the SQLite back end (SPEC 13): a device in a file (on
// /dev/shm where there is one), closed and reopened twice per program. Nightly only
// (Package.swift, `nightlyFuzzTargets`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.permittedSet.fuzz(start, count, on: .sqliteInMemoryFileSystem)
    return 0
}
