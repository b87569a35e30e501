import ContactCoreTesting
import ContactCoreTestingSQLite
import LibFuzzerMutate

// FuzzIdentifierFetch's programs on the SQLite back end (SPEC 13): adds, deletes and permitted
// sets written to a file (on /dev/shm where there is one), reopened after the saves a program
// marks and before the sweep. Nightly only (Package.swift, `nightlyFuzzTargets`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.identifierFetch.fuzz(start, count, on: .sqliteInMemoryFileSystem)
    return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    FuzzTarget.identifierFetch.mutate(data, size, maxSize, seed: seed, byteMutation: libfuzzer_mutate, on: .sqliteInMemoryFileSystem)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func crossOver(_ first: UnsafePointer<UInt8>, _ firstSize: Int, _ second: UnsafePointer<UInt8>, _ secondSize: Int,
                      _ out: UnsafeMutablePointer<UInt8>, _ maxSize: Int, _ seed: UInt32) -> Int {
    FuzzTarget.identifierFetch.crossOver(first, firstSize, second, secondSize, into: out, maxSize, seed: seed, on: .sqliteInMemoryFileSystem)
}
