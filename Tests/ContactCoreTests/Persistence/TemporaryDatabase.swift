import ContactCoreTesting
import ContactCoreTestingSQLite
import Testing

/// A database path in a folder of its own, removed with everything SQLite left beside it; its
/// `options` skip `fsync` (the tests kill processes, they do not cut the power).
typealias TemporaryDatabase = SQLiteFolder

/// The back ends the harness suites run on, as test arguments.
enum BackEndChoice: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, sqlite

    var backEnd: BackEnd { self == .memory ? .memory : .sqlite }
    var testDescription: String { rawValue }
}
