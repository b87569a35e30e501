import Foundation

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
