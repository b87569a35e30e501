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

/// A file the tool reads whole: a vCard file or a fuzz input.
enum InputFile {
    /// - Throws: ``ToolError/Code/unreadableFile``, saying why.
    static func read(_ path: String, what: String) throws(ToolError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ToolError(.unreadableFile, "Cannot read the \(what) \(path): no such file.")
        }
        guard !isDirectory.boolValue else { throw ToolError(.unreadableFile, "Cannot read the \(what) \(path): it is a folder.") }
        guard FileManager.default.isReadableFile(atPath: path), let data = FileManager.default.contents(atPath: path) else {
            throw ToolError(.unreadableFile, "Cannot read the \(what) \(path): permission denied.")
        }
        return data
    }
}
