import ContactCore
import ContactCoreSQLite
import ContactCoreTesting
import Foundation
import Testing

/// A database path in a folder of its own, removed with everything SQLite left beside it.
struct TemporaryDatabase {
    let folder: URL
    var path: String { folder.appendingPathComponent("device.sqlite").path }

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("contactcore-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    init(containing path: String) {
        folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Without `fsync` per commit: the tests kill processes, they do not cut the power.
    static let options = ContactDatabaseOptions(durability: .processCrash)
}

extension BackEnd {
    /// SPEC 13: the runner's device in a temporary SQLite file, reopened mid-program and before
    /// the sweep (see ``BackEnd``).
    static let sqlite = BackEnd(
        name: "SQLite",
        adopt: { (device) throws(ContactError) in
            try device.saveAsDatabase(at: TemporaryDatabase().path, options: TemporaryDatabase.options)
            return device
        },
        reopen: { (device) throws(ContactError) in
            guard let path = device.databasePath else { throw ContactError(.storageClosed, "the device has no file") }
            device.close()
            return try ContactDevice.open(databaseAt: path, options: TemporaryDatabase.options)
        },
        finish: { device in
            let path = device.databasePath
            device.close()
            if let path { TemporaryDatabase(containing: path).remove() }
        })
}

/// The back ends the harness suites run on, as test arguments.
enum BackEndChoice: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, sqlite

    var backEnd: BackEnd { self == .memory ? .memory : .sqlite }
    var testDescription: String { rawValue }
}
