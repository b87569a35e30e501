import ContactCore
import GRDB

extension ContactError {
    /// The typed error for anything SQLite or GRDB throws while opening or committing.
    ///
    /// `reading`: the error came from reading a file that says it is a ContactCore database,
    /// whose statements are this module's own; one that fails to compile (no such table or
    /// column) means the schema itself was damaged.
    static func storage(_ error: any Error, while doing: String, reading: Bool = false) -> ContactError {
        if let error = error as? ContactError { return error }
        guard let error = error as? DatabaseError else {
            return ContactError(.storageFailed, "\(doing) failed: \(error).")
        }
        let detail = "\(doing): \(error.message ?? "SQLite error") (\(error.extendedResultCode))"
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB: return ContactError(.notAContactDatabase, "The file is not a database (\(detail)).")
        case .SQLITE_ERROR where reading, .SQLITE_CORRUPT, .SQLITE_FORMAT, .SQLITE_RANGE, .SQLITE_MISMATCH:
            return ContactError(.storageCorrupt, "The database is damaged (\(detail)).")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return ContactError(.storageInUse, "The database is in use (\(detail)).")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return ContactError(.storageReadOnly, "The database cannot be written (\(detail)).")
        default: return ContactError(.storageFailed, "\(detail).")
        }
    }
}
