import ContactCoreTesting
import ContactCoreTestingSQLite

// FuzzIdentifierFetch's programs on the SQLite back end (SPEC 13): adds, deletes and permitted
// sets written to a file (on /dev/shm where there is one), reopened after the saves a program
// marks and before the sweep. Nightly only (Package.swift, `nightlyFuzzTargets`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.identifierFetch.fuzz(start, count, on: .sqliteInMemoryFileSystem)
    return 0
}
