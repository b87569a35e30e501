import ContactCoreTesting
import ContactCoreTestingSQLite
import LibFuzzerMutate

// FuzzSearchMatching's programs on the SQLite back end (SPEC 13): the rule functions, then the
// program on a device in a file (on /dev/shm where there is one) whose search index is built
// after open and kept by the program's saves, reopened after the saves it marks. Nightly only
// (Package.swift, `nightlyFuzzTargets`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.searchMatching.fuzz(start, count, on: .sqliteInMemoryFileSystem)
    return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    FuzzTarget.searchMatching.mutate(data, size, maxSize, seed: seed, byteMutation: libfuzzer_mutate, on: .sqliteInMemoryFileSystem)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func crossOver(_ first: UnsafePointer<UInt8>, _ firstSize: Int, _ second: UnsafePointer<UInt8>, _ secondSize: Int,
                      _ out: UnsafeMutablePointer<UInt8>, _ maxSize: Int, _ seed: UInt32) -> Int {
    FuzzTarget.searchMatching.crossOver(first, firstSize, second, secondSize, into: out, maxSize, seed: seed, on: .sqliteInMemoryFileSystem)
}
