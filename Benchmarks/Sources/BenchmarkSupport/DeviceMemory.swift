import Foundation
import HeapFigures

/// Memory a device adds per contact, for its contacts and then for its search index, measured
/// in a process of its own: it inherits no earlier measurement's freed pages, and no malloc
/// interposer (package-benchmark's puts a 16-byte header on every allocation).
///
/// Two measures: resident memory, which also counts freed pages still resident and so varies
/// between runs of the same code; and the heap bytes malloc holds for live allocations, which
/// follow the code and the data alone, whatever the host (``heapBytesInUse()``).
public enum DeviceMemory {
    /// Bytes per contact.
    public struct Figures: Sendable {
        public var contacts: Int
        public var index: Int
        public var total: Int { contacts + index }
    }

    /// Both measures, per contact.
    public struct Measures: Sendable {
        public var resident: Figures
        /// Live heap bytes: the deterministic measure.
        public var heap: Figures
    }

    /// Bytes malloc holds for this process's live allocations (glibc's mallinfo2), chunk
    /// headers included; 0 where glibc does not say.
    public static func heapBytesInUse() -> Int { Int(contactcore_heap_bytes_in_use()) }

    /// A child that printed no figures, or failed.
    public struct ChildFailed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var description: String { "measuring memory in a child process (\(arguments.joined(separator: " "))) failed" }
    }

    /// Saves `people` into a device, then searches once with full access (which builds the
    /// index), and returns what each step added. Meant for a fresh process (``inChild(_:)``).
    public static func measure(_ people: [Person]) throws -> Figures {
        try measureBoth(people).resident
    }

    /// ``measure(_:)`` with the live heap bytes beside the resident memory.
    public static func measureBoth(_ people: [Person]) throws -> Measures {
        let (before, heapBefore) = (settledResidentMemory(), heapBytesInUse())
        let population = try Population(people)
        let (stored, heapStored) = (settledResidentMemory(), heapBytesInUse())
        _ = try population.full.contactIdentifiers(matching: .name("a"))
        let (indexed, heapIndexed) = (settledResidentMemory(), heapBytesInUse())
        return withExtendedLifetime(population) {
            Measures(
                resident: Figures(contacts: (stored - before) / people.count, index: (indexed - stored) / people.count),
                heap: Figures(contacts: (heapStored - heapBefore) / people.count, index: (heapIndexed - heapStored) / people.count))
        }
    }

    /// The child's one line of figures, which ``inChild(_:)`` reads.
    public static func report(_ figures: Figures) {
        print(figures.contacts, figures.index)
    }

    /// The child's one line of both measures, which ``bothInChild(_:)`` reads.
    public static func report(_ measures: Measures) {
        print(measures.resident.contacts, measures.resident.index, measures.heap.contacts, measures.heap.index)
    }

    /// Runs this executable again with `arguments`; the child measures and ``report(_:)``s.
    public static func inChild(_ arguments: [String]) throws -> Figures {
        let numbers = try numbers(fromChild: arguments)
        guard numbers.count == 2 else { throw ChildFailed(arguments: arguments) }
        return Figures(contacts: numbers[0], index: numbers[1])
    }

    /// Runs this executable again with `arguments`; the child measures both and ``report(_:)``s them.
    public static func bothInChild(_ arguments: [String]) throws -> Measures {
        let numbers = try numbers(fromChild: arguments)
        guard numbers.count == 4 else { throw ChildFailed(arguments: arguments) }
        return Measures(resident: Figures(contacts: numbers[0], index: numbers[1]),
                        heap: Figures(contacts: numbers[2], index: numbers[3]))
    }

    private static func numbers(fromChild arguments: [String]) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ChildFailed(arguments: arguments) }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    }
}
