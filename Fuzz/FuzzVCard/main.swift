import ContactCoreTesting
import LibFuzzerMutate

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.vCard.fuzz(start, count)
    return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    FuzzTarget.vCard.mutate(data, size, maxSize, seed: seed, byteMutation: libfuzzer_mutate)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func crossOver(_ first: UnsafePointer<UInt8>, _ firstSize: Int, _ second: UnsafePointer<UInt8>, _ secondSize: Int,
                      _ out: UnsafeMutablePointer<UInt8>, _ maxSize: Int, _ seed: UInt32) -> Int {
    FuzzTarget.vCard.crossOver(first, firstSize, second, secondSize, into: out, maxSize, seed: seed)
}
