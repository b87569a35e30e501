import ContactCore
import Foundation

extension FuzzTarget {
    /// libFuzzer's entry: traps on a broken rule, after printing the reduced program as a Swift
    /// test and, when `CONTACTCORE_REDUCED_OUT` names a file, writing the reduced input there.
    ///
    /// An input whose program this process has already run and seen pass is not run again
    /// (``PassedPrograms``); at exit, a line on standard error says how many inputs that was.
    package func fuzz(_ start: UnsafeRawPointer?, _ count: Int, on backEnd: BackEnd = .memory) {
        let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        if let folder = Self.canonicalFolder { return writeCanonical(bytes, into: folder) }
        if vCardCheck == nil {
            let program = program(bytes), fingerprint = PassedPrograms.fingerprint(program, on: backEnd)
            if Self.passed.withLock({ $0.isRepeat(fingerprint, operations: program.operations.count) }) { return }
            if run(program, on: backEnd) == nil { return Self.passed.withLock { $0.insert(fingerprint) } }
        } else if check(bytes, on: backEnd) == nil {
            return
        }
        guard let (failure, reduced) = explain(bytes, on: backEnd) else { return }
        if let path = ProcessInfo.processInfo.environment["CONTACTCORE_REDUCED_OUT"],
           !FileManager.default.createFile(atPath: path, contents: Data(reduced)) {
            print("could not write the reduced input to \(path)")
        }
        fatalError("\(rawValue) on \(backEnd.name) \(failure)\n\nreduced input (\(reduced.count) bytes): \(reduced)")
    }

    static let passed: Locked<PassedPrograms> = {
        atexit { FileHandle.standardError.write(Data(FuzzTarget.passed.withLock { $0.summary }.utf8)) }
        return Locked(PassedPrograms())
    }()
}
