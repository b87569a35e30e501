import Foundation

/// Resident memory a device adds per contact, for its contacts and then for its search index,
/// measured in a process of its own: it inherits no earlier measurement's freed pages, and no
/// malloc interposer (package-benchmark's puts a 16-byte header on every allocation).
public enum DeviceMemory {
    /// Bytes per contact.
    public struct Figures: Sendable {
        public var contacts: Int
        public var index: Int
        public var total: Int { contacts + index }
    }

    /// A child that printed no figures, or failed.
    public struct ChildFailed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var description: String { "measuring memory in a child process (\(arguments.joined(separator: " "))) failed" }
    }

    /// Saves `people` into a device, then searches once with full access (which builds the
    /// index), and returns what each step added. Meant for a fresh process (``inChild(_:)``).
    public static func measure(_ people: [Person]) throws -> Figures {
        let before = settledResidentMemory()
        let population = try Population(people)
        let stored = settledResidentMemory()
        _ = try population.full.contactIdentifiers(matching: .name("a"))
        let indexed = settledResidentMemory()
        return withExtendedLifetime(population) {
            Figures(contacts: (stored - before) / people.count, index: (indexed - stored) / people.count)
        }
    }

    /// The child's one line of figures, which ``inChild(_:)`` reads.
    public static func report(_ figures: Figures) {
        print(figures.contacts, figures.index)
    }

    /// Runs this executable again with `arguments`; the child measures and ``report(_:)``s.
    public static func inChild(_ arguments: [String]) throws -> Figures {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard process.terminationStatus == 0, numbers.count == 2 else { throw ChildFailed(arguments: arguments) }
        return Figures(contacts: numbers[0], index: numbers[1])
    }
}
