import ContactCore
import Foundation

/// A vCard file the command line names: read whole before the device is touched, so that an
/// unreadable file writes nothing.
enum VCardFile {
    static func read(_ path: String) throws(ToolError) -> Data {
        try InputFile.read(path, what: "vCard file")
    }

    /// An import's failure as the tool reports it: a bad card with its file, or the save's error.
    static func error(_ error: VCardImportError, path: String) -> any Error {
        switch error {
        case .invalidVCard(let error): FileVCardError(path: path, error: error)
        case .store(let error): error
        }
    }

    /// `12.3 MB`, for a progress line.
    static func size(_ data: Data) -> String {
        data.count < 1 << 20 ? "\(data.count / 1024 + 1) KB" : String(format: "%.1f MB", Double(data.count) / Double(1 << 20))
    }
}
