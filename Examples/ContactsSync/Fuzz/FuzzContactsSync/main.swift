import ContactCoreTestKit
import ContactsSync

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer?, _ size: Int) -> CInt { ContactsAppProperty.fuzz(FuzzedMirror.self, data, size) }
