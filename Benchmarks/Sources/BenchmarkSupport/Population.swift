import ContactCore
import Foundation

/// A device holding a population, and the apps the benchmarks read it through.
public struct Population: @unchecked Sendable {
    public let people: [Person]
    public let device: ContactDevice
    /// An app with full access.
    public let full: ContactStore
    /// The identifier of each person's contact, by position in `people`.
    public let identifiers: [String]

    /// Saves `people` in saves of a thousand, through an app with full access. The history
    /// keeps only the last commits: the benchmarks read contacts, not changes.
    public init(_ people: [Person], historyLimit: Int = 16) throws {
        self.people = people
        device = ContactDevice(seed: 1, historyLimit: historyLimit)
        let app = AppConfiguration(bundleIdentifier: "com.example.bench", usageDescription: "Benchmarks search.")
        try device.applySettings(.allowFull, to: app.bundleIdentifier)
        full = device.store(for: app)
        var identifiers: [String] = []
        identifiers.reserveCapacity(people.count)
        for batch in stride(from: 0, to: people.count, by: 1000) {
            var request = SaveRequest()
            let references = people[batch..<min(batch + 1000, people.count)].map { request.add($0.contact) }
            let result = try full.execute(request)
            identifiers += references.compactMap { result.identifier(for: $0) }
        }
        self.identifiers = identifiers
    }

    /// An app with limited access whose permitted set is `permitted` (positions in `people`).
    public func limitedApp(permitted: some Sequence<Int>, name: String = "com.example.limited") throws -> ContactStore {
        let app = AppConfiguration(bundleIdentifier: name, usageDescription: "Benchmarks limited access.")
        try device.applySettings(.allowLimited(Set(permitted.map { identifiers[$0] })), to: name)
        return device.store(for: app)
    }

    /// `count` distinct positions below `bound`, drawn with a fixed seed.
    public static func sample(_ count: Int, below bound: Int, seed: UInt64) -> [Int] {
        var random = SplitMix(state: seed)
        var chosen = Set<Int>()
        var order: [Int] = []
        while order.count < min(count, bound) {
            let index = random.below(bound)
            if chosen.insert(index).inserted { order.append(index) }
        }
        return order
    }
}

/// "100k", "1M": a population size as the benchmark names print it.
public func sizeName(_ count: Int) -> String {
    count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1_000)k"
}
