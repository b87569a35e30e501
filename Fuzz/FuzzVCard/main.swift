import ContactCoreTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.vCard.fuzz(start, count)
    return 0
}
