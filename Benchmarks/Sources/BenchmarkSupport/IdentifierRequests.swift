/// The requests of FetchBenchmark's identifier fetch, shared with FetchProfile so that a
/// profile sees the benchmark's work: 1,000 identifiers each, 500 visible, 250 invisible and
/// 250 never issued, shuffled.
public enum IdentifierRequests {
    /// Different requests, taken in turn, so that no one set of contacts stays in cache.
    public static let count = 16

    /// Never-issued identifiers that look like the store's own.
    public static func unknown(_ count: Int, seed: UInt64) -> [String] {
        var random = SplitMix(state: seed)
        return (0..<count).map { _ in
            let hex = String(random.next(), radix: 16, uppercase: true)
            return String(repeating: "0", count: 16 - hex.count) + hex + ":ABPerson"
        }
    }

    /// ``count`` requests, each 500 of `visible`, 250 of `invisible` and 250 ``unknown(_:seed:)``.
    public static func make(visible: [String], invisible: [String]) -> [[String]] {
        (0..<count).map { number in
            var random = SplitMix(state: UInt64(100 + number))
            var identifiers = Population.sample(500, below: visible.count, seed: UInt64(200 + number)).map { visible[$0] }
                + Population.sample(250, below: invisible.count, seed: UInt64(300 + number)).map { invisible[$0] }
                + unknown(250, seed: UInt64(400 + number))
            for index in identifiers.indices.reversed() {
                identifiers.swapAt(index, random.below(index + 1))
            }
            return identifiers
        }
    }
}
