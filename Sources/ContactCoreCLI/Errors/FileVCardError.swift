import ContactCore

/// A vCard file that does not read: the library's ``ContactCore/VCardError`` and the file it is about.
struct FileVCardError: Error, CustomStringConvertible {
    var path: String
    var error: VCardError

    var description: String { "\(path): \(error)" }
}
