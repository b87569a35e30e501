import Foundation

extension FuzzTarget {
    /// libFuzzer's entry: traps on a broken rule, after printing the reduced program as a Swift
    /// test and, when `CONTACTCORE_REDUCED_OUT` names a file, writing the reduced input there.
    package func fuzz(_ start: UnsafeRawPointer?, _ count: Int, on backEnd: BackEnd = .memory) {
        let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        guard check(bytes, on: backEnd) != nil, let (failure, reduced) = explain(bytes, on: backEnd) else { return }
        if let path = ProcessInfo.processInfo.environment["CONTACTCORE_REDUCED_OUT"],
           !FileManager.default.createFile(atPath: path, contents: Data(reduced)) {
            print("could not write the reduced input to \(path)")
        }
        fatalError("\(rawValue) on \(backEnd.name) \(failure)\n\nreduced input (\(reduced.count) bytes): \(reduced)")
    }
}
