/// Every way the tool stops short, with the message it prints (after `fuzz: `) and its exit
/// status: 2 for a usage error (a wrong target, variable or argument), 1 for a failure.
public struct FuzzToolError: Error, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The command line or a variable is wrong: exit status 2.
        case usage
        /// Something ran and failed: exit status 1.
        case failure
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public static func usage(_ message: String) -> FuzzToolError { FuzzToolError(.usage, message) }
    public static func failure(_ message: String) -> FuzzToolError { FuzzToolError(.failure, message) }

    public var exitStatus: Int32 { kind == .usage ? 2 : 1 }
    public var description: String { message }
}
