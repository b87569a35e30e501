import ArgumentParser
import Foundation

/// The entry point of `contactcore`: parses the command line, runs the command, and turns
/// every way it can end into an exit status.
///
/// 0: success (help and `--version` too). 1: a typed error — the library's ``ContactCore/ContactError``,
/// a ``ContactCore/VCardError`` with its file, or a ``ToolError`` — printed as one line on
/// standard error. 2: a usage error, as argument-parser reports it (its own status would be
/// 64, `EX_USAGE`).
public enum ContactCoreTool {
    public static func main(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try ContactCoreCommand.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch {
            exit(status(reporting: error))
        }
    }

    /// Prints what `error` says where it belongs and returns the exit status.
    static func status(reporting error: any Error) -> Int32 {
        if let line = ErrorLine.line(for: error) {
            Output.error(line)
            return 1
        }
        let code = ContactCoreCommand.exitCode(for: error)
        let message = ContactCoreCommand.fullMessage(for: error)
        if code == .success {
            Output.write(message.hasSuffix("\n") ? message : message + "\n")
            return 0
        }
        Output.error(message)
        return code == .failure ? 1 : 2
    }
}
