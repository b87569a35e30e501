import ContactCoreTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.largeStores.fuzz(start, count)
    return 0
}
