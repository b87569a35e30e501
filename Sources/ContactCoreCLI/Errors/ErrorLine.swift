import ContactCore

/// The one line a typed error prints: its domain, code and message, nothing more.
enum ErrorLine {
    /// `nil` for an error that is not one of the tool's typed errors (argument-parser's own).
    static func line(for error: any Error) -> String? {
        let text: String
        switch error {
        case let error as ContactError: text = error.description
        case let error as ToolError: text = error.description
        case let error as FileVCardError: text = error.description
        case let error as VCardError: text = error.description
        default: return nil
        }
        return "Error: " + text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
