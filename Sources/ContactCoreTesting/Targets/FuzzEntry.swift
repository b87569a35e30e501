import ContactCore
import Foundation

extension FuzzTarget {
    /// libFuzzer's entry: traps on a broken rule, after printing the reduced program as a Swift
    /// test and, when `CONTACTCORE_REDUCED_OUT` names a file, writing the reduced input there.
    ///
    /// An input whose program this process has already run and seen pass is not run again
    /// (``PassedPrograms``); at exit, a line on standard error says how many inputs that was,
    /// and how many were libFuzzer's second run of the input before, for its leak check. On a
    /// broken rule, a line says how long after the first input it was found (``foundLine``),
    /// before the reduction, which may take longer than the search.
    package func fuzz(_ start: UnsafeRawPointer?, _ count: Int, on backEnd: BackEnd = .memory) {
        _ = Self.firstInput
        let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        if let folder = Self.canonicalFolder { return writeCanonical(bytes, into: folder) }
        if vCardCheck == nil {
            let program = program(bytes), fingerprint = PassedPrograms.fingerprint(program, on: backEnd)
            let input = PassedPrograms.fingerprint(ofInput: bytes)
            if Self.passed.withLock({ $0.isRepeat(fingerprint, input: input, operations: program.operations.count) }) { return }
            if run(program, on: backEnd) == nil { return Self.passed.withLock { $0.insert(fingerprint) } }
        } else if check(bytes, on: backEnd) == nil {
            return
        }
        FileHandle.standardError.write(Data(Self.foundLine(after: ContinuousClock.now - Self.firstInput).utf8))
        guard let (failure, reduced) = explain(bytes, on: backEnd) else { return }
        if let path = ProcessInfo.processInfo.environment["CONTACTCORE_REDUCED_OUT"],
           !FileManager.default.createFile(atPath: path, contents: Data(reduced)) {
            print("could not write the reduced input to \(path)")
        }
        fatalError("\(rawValue) on \(backEnd.name) \(failure)\n\nreduced input (\(reduced.count) bytes): \(reduced)")
    }

    /// When this process ran its first input.
    private static let firstInput = ContinuousClock.now

    /// The line `make mutants` reads for its time to find: the search's, without the process's
    /// start and the reduction, the stack trace and the crash file after it.
    package static func foundLine(after elapsed: Duration) -> String {
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        return "INFO: ContactCore found a broken rule \(milliseconds) ms after the first input\n"
    }

    static let passed: Locked<PassedPrograms> = {
        atexit { FileHandle.standardError.write(Data(FuzzTarget.passed.withLock { $0.summary }.utf8)) }
        return Locked(PassedPrograms())
    }()
}
