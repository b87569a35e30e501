#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where the tool writes: data to standard output, errors and progress to standard error,
/// each written whole and unbuffered so the two never interleave within a line.
enum Output {
    static func write(_ text: String) { write(Data(text.utf8)) }

    static func write(_ data: Data) { try? FileHandle.standardOutput.write(contentsOf: data) }

    /// Writes `lines`, each ended by a newline.
    static func lines(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        write(lines.joined(separator: "\n") + "\n")
    }

    /// One line on standard error.
    static func error(_ line: String) {
        try? FileHandle.standardError.write(contentsOf: Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }

    /// Text on standard error as it is (a progress line redraws itself with `\r`).
    static func status(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// Whether standard error is a terminal: progress is drawn only then.
    static var errorIsTerminal: Bool { isatty(FileHandle.standardError.fileDescriptor) == 1 }
}
