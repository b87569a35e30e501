// The empty target: same build, same runtime, no work. Its exec/s is the ceiling.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    0
}
