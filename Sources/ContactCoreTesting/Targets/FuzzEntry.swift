import Foundation

extension FuzzTarget {
    /// libFuzzer's entry: traps on a broken rule, after printing the reduced program as a Swift
    /// test and, when `CONTACTCORE_REDUCED_OUT` names a file, writing the reduced input there.
    package func fuzz(_ start: UnsafeRawPointer?, _ count: Int) {
        let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        guard check(bytes) != nil, let (failure, reduced) = explain(bytes) else { return }
        if let path = ProcessInfo.processInfo.environment["CONTACTCORE_REDUCED_OUT"],
           !FileManager.default.createFile(atPath: path, contents: Data(reduced)) {
            print("could not write the reduced input to \(path)")
        }
        fatalError("\(rawValue) \(failure)\n\nreduced input (\(reduced.count) bytes): \(reduced)")
    }
}
