import BenchmarkSupport
import ContactCore
import ContactCoreSQLite
import Foundation

/// Opening a database in a fresh process, then the first name search (``AddressBook/searchedName``),
/// with ContactCore or with plain GRDB: the executable runs itself as the child.
///
/// An executable that measures opens calls ``runChildIfAsked()`` first; ``measure(_:_:runs:)``
/// then starts it again with `--open <side> <path>`, and the child prints one line of figures.
public enum FreshOpen {
    public enum Side: String, Sendable {
        case contactCore = "contactcore"
        case plainGRDB = "grdb"
    }

    /// One open in a fresh process: elapsed and processor seconds (all threads) of the open,
    /// its peak resident bytes, elapsed seconds of the first search and what it found.
    public struct Run: Sendable {
        public var seconds: Double
        public var processorSeconds: Double
        public var peakBytes: Double
        public var searchSeconds: Double
        public var found: Int
    }

    /// When the process was started as a child (`--open <side> <path>`): opens, searches,
    /// prints the figures and exits. Otherwise returns.
    public static func runChildIfAsked() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == "--open", arguments.count == 3, let side = Side(rawValue: arguments[1]) else { return }
        let path = arguments[2]
        let clock = ContinuousClock()
        let started = clock.now, startedCPU = processorSeconds()
        switch side {
        case .contactCore:
            let device = try ContactDevice.open(databaseAt: path)
            let elapsed = BenchmarkSupport.seconds(clock.now - started), cpu = processorSeconds() - startedCPU
            let peak = processMemory().peak
            // The first search builds the search index from the keys computed while opening
            // (Decisions.md, "Opening reads everything and computes the search keys on the side").
            let searchStarted = clock.now
            let found = try device.store(for: AddressBook.app).contactIdentifiers(matching: .name(AddressBook.searchedName))
            print(elapsed, peak, cpu, BenchmarkSupport.seconds(clock.now - searchStarted), found.count)
            device.close()
        case .plainGRDB:
            let queue = try PlainGRDB.queue(path)
            _ = try PlainGRDB.load(queue)
            let elapsed = BenchmarkSupport.seconds(clock.now - started), cpu = processorSeconds() - startedCPU
            let peak = processMemory().peak
            let searchStarted = clock.now
            let found = try PlainGRDB.search(AddressBook.searchedName, in: queue)
            print(elapsed, peak, cpu, BenchmarkSupport.seconds(clock.now - searchStarted), found.count)
        }
        exit(0)
    }

    /// Opens the database at `path` in a fresh process `runs` times, searching once after each.
    public static func measure(_ side: Side, _ path: String, runs: Int) throws -> [Run] {
        try (0..<runs).map { _ in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["--open", side.rawValue, path]
            let pipe = Pipe()
            child.standardOutput = pipe
            try child.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard child.terminationStatus == 0, fields.count == 5 else { throw CocoaError(.executableLoad) }
            return Run(seconds: fields[0], processorSeconds: fields[2], peakBytes: fields[1], searchSeconds: fields[3],
                       found: Int(fields[4]))
        }
    }
}
