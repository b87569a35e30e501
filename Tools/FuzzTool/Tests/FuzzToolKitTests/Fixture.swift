import Foundation
import FuzzToolKit

/// The saved real outputs in Fixtures/, and the checkout's own files (its options files).
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// Tools/FuzzTool/Tests/FuzzToolKitTests/ → the checkout.
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
    static func text(_ name: String) throws -> String { String(decoding: try data(name), as: UTF8.self) }
    static func checkoutText(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: checkout.appendingPathComponent(path)), as: UTF8.self)
    }
}
