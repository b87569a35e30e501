import ContactCoreTesting
import ContactCoreTestingSQLite

// FuzzSearchMatching's programs on the SQLite back end (SPEC 13): the rule functions, then the
// program on a device in a file (on /dev/shm where there is one) whose search index is built
// after open and kept by the program's saves, reopened after the saves it marks. Nightly only
// (Package.swift, `nightlyFuzzTargets`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.searchMatching.fuzz(start, count, on: .sqliteInMemoryFileSystem)
    return 0
}
