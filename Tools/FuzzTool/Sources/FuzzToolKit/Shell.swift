import Foundation

/// Runs programs: the fuzzers (under coreutils' `timeout`), `swift build`, llvm-cov. Every child
/// gets the process's environment with `environment` laid over it.
public struct Shell: Sendable {
    /// Where a child's standard output and error (together) go.
    public enum Output: Sendable {
        /// This process's own.
        case inherit
        /// A file, made anew.
        case file(String)
        /// A file, added to.
        case appending(String)
        /// This process's standard output and a file, as `tee`.
        case tee(String)
        /// Into the result (standard error stays this process's).
        case capture
    }

    public struct Result: Sendable {
        /// The exit status, or 128 + the signal that ended the child, as a shell says.
        public let status: Int32
        public let output: String
        public var succeeded: Bool { status == 0 }
    }

    public var environment: [String: String]

    public init(environment: [String: String] = [:]) {
        self.environment = environment
    }

    /// Runs `arguments` (a program found on PATH and its arguments) to its end.
    @discardableResult
    public func run(_ arguments: [String], environment extra: [String: String] = [:], output: Output = .inherit,
                    mergingErrors: Bool = false, in directory: String? = nil) throws(FuzzToolError) -> Result {
        let running = try start(arguments, environment: extra, output: output, mergingErrors: mergingErrors,
                                in: directory)
        return running.wait()
    }

    /// Starts `arguments` without waiting for it (`make coverage`'s campaign runs two at once).
    /// `mergingErrors`: a capture takes standard error too (`2>&1`).
    public func start(_ arguments: [String], environment extra: [String: String] = [:], output: Output = .inherit,
                      mergingErrors: Bool = false, in directory: String? = nil) throws(FuzzToolError) -> Running {
        // What this process printed goes first: its standard output may be the child's too.
        fflush(nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .merging(environment) { _, new in new }
            .merging(extra) { _, new in new }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var sink: Running.Sink = .none
        do {
            switch output {
            case .inherit:
                break
            case .file(let path), .appending(let path):
                let handle = try Self.open(path, appending: { if case .appending = output { true } else { false } }())
                process.standardOutput = handle
                process.standardError = handle
                sink = .file(handle)
            case .tee(let path):
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = pipe
                sink = .tee(pipe, try Self.open(path, appending: false))
            case .capture:
                let pipe = Pipe()
                process.standardOutput = pipe
                if mergingErrors { process.standardError = pipe }
                sink = .capture(pipe)
            }
            try process.run()
        } catch {
            throw .failure("cannot run \(arguments.first ?? "nothing"): \(error)")
        }
        return Running(process: process, sink: sink)
    }

    private static func open(_ path: String, appending: Bool) throws -> FileHandle {
        if !appending || !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw FuzzToolError.failure("cannot write \(path)")
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        if appending { try handle.seekToEnd() }
        return handle
    }

    /// A started child.
    public final class Running {
        enum Sink {
            case none
            case file(FileHandle)
            case tee(Pipe, FileHandle)
            case capture(Pipe)
        }

        let process: Process
        let sink: Sink

        init(process: Process, sink: Sink) {
            self.process = process
            self.sink = sink
        }

        public var isRunning: Bool { process.isRunning }

        /// Waits for the end: copies a `tee`'s output as it comes, collects a capture.
        public func wait() -> Result {
            var captured = Data()
            switch sink {
            case .none:
                break
            case .file(let handle):
                process.waitUntilExit()
                try? handle.close()
            case .tee(let pipe, let file):
                let reader = pipe.fileHandleForReading
                while true {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    FileHandle.standardOutput.write(chunk)
                    file.write(chunk)
                }
                try? file.close()
            case .capture(let pipe):
                captured = pipe.fileHandleForReading.readDataToEndOfFile()
            }
            process.waitUntilExit()
            let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus
                : process.terminationStatus
            return Result(status: status, output: String(decoding: captured, as: UTF8.self))
        }
    }
}
