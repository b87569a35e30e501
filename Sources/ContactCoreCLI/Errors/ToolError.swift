/// A failure of the tool rather than of the library: something the command line names does
/// not exist, cannot be read, or is not what it should be.
///
/// Printed as one line with its code, as ``ContactCore/ContactError`` is, and the tool exits
/// with status 1. Raw values are stable.
public struct ToolError: Error, Hashable, Sendable {
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        /// No device file at the path (create one with `contactcore init`).
        case noDeviceFile = 1
        /// The device holds no record of the app: it never asked for access here.
        case unknownApp = 2
        /// A history token that is not one a device writes.
        case malformedToken = 3
        /// A file the command reads (a vCard, a fuzz input) cannot be read.
        case unreadableFile = 4
        /// The output file cannot be written.
        case unwritableFile = 5
        /// A contact named on the command line is not on the device, or no name matches.
        case noSuchContact = 6
        /// A replayed input breaks a rule of the contract.
        case brokenRule = 7
        /// The access button refused a tap for a reason that is not the person's choice.
        case tapRefused = 8
        /// A group named on the command line is not one the reader sees.
        case noSuchGroup = 9
    }

    public var code: Code
    /// A sentence for people; never parse it.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ToolError: CustomStringConvertible {
    public var description: String { "ToolError \(code.rawValue) (\(code)): \(message)" }
}
