import Foundation
import Testing

/// The built `contactcore` executable, run as a person runs it, in a scratch folder of its own.
///
/// `swift build` (and `swift test`) build it beside the test bundle, as they do the crash
/// test's child. Standard output and error go to files, not pipes, so a large output cannot
/// fill a pipe and stall the process.
struct Tool {
    static let executable: URL? = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [besideTests, besideTests.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("contactcore") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// How one run ended.
    struct Run: CustomStringConvertible {
        var status: Int32
        var output: Data
        var error: String
        var text: String { String(decoding: output, as: UTF8.self) }
        var errorLines: [String] { error.split(separator: "\n").map(String.init) }

        /// The output parsed as JSON.
        func json() throws -> Any { try JSONSerialization.jsonObject(with: output) }

        var description: String { "status \(status)\nstdout:\n\(text)\nstderr:\n\(error)" }
    }

    /// The folder the commands run in; the device files live here.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("contactcore-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs `contactcore arguments…` in ``folder``, standard input empty.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) async throws -> Run {
        try await run(arguments, environment: environment)
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
        let executable = try #require(Self.executable, "build the contactcore product first (swift build)")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("contactcore-run-\(UUID().uuidString)")
        let (outputURL, errorURL) = (scratch.appendingPathExtension("out"), scratch.appendingPathExtension("err"))
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
            .merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let (output, error) = (try FileHandle(forWritingTo: outputURL), try FileHandle(forWritingTo: errorURL))
        process.standardOutput = output
        process.standardError = error
        // Waits without blocking a thread of the test pool: many runs can be under way at once.
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try output.close()
        try error.close()
        return Run(status: status, output: try Data(contentsOf: outputURL),
                   error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// Runs a command that must succeed, silently on standard error.
    @discardableResult
    func succeed(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws -> Run {
        try await succeed(arguments, sourceLocation: sourceLocation)
    }

    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> Run {
        let run = try await run(arguments)
        #expect(run.status == 0, "contactcore \(arguments.joined(separator: " ")): \(run)", sourceLocation: sourceLocation)
        #expect(run.error.isEmpty, "contactcore \(arguments.joined(separator: " ")) wrote to stderr: \(run.error)",
                sourceLocation: sourceLocation)
        return run
    }

    /// Runs a command that must fail with exit status 1 and one error line naming `code`
    /// (`"ContactError 913"`, `"ToolError 2"`, `"VCardError 12"`), writing no file of the folder.
    @discardableResult
    func fail(_ arguments: String..., code: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Run {
        let before = snapshot()
        let run = try await run(arguments)
        let command = "contactcore \(arguments.joined(separator: " "))"
        #expect(run.status == 1, "\(command): \(run)", sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1, "\(command): not one line: \(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.hasPrefix("Error: ") && run.error.contains(code + " ("), "\(command): \(run.error)",
                sourceLocation: sourceLocation)
        #expect(run.output.isEmpty, "\(command) printed data: \(run.text)", sourceLocation: sourceLocation)
        #expect(snapshot() == before, "\(command) changed the folder", sourceLocation: sourceLocation)
        return run
    }

    /// Every file of the folder with its bytes, but the device's lock files (which the library
    /// makes on the first open and leaves, by design).
    func snapshot() -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.filter { !$0.hasSuffix(".lock") }.map { name in
            (name, (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data())
        })
    }
}

/// JSON values as `JSONSerialization` gives them.
extension Tool.Run {
    func objects() throws -> [[String: Any]] { try #require(try json() as? [[String: Any]], "not an array of objects: \(text)") }
    func object() throws -> [String: Any] { try #require(try json() as? [String: Any], "not an object: \(text)") }
}
