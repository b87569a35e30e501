import ContactCoreTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.vCardExport.fuzz(start, count)
    return 0
}
