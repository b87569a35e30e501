import ContactCore

/// The requests of FetchBenchmark's identifier fetch, shared with FetchProfile so that a
/// profile sees the benchmark's work: 1,000 identifiers each, 500 visible, 250 invisible and
/// 250 never issued, shuffled.
public enum IdentifierRequests {
    /// What each fetch reads of its contacts: the names and the numbers.
    public static let keys: [ContactKey] = [.givenName, .familyName, .phoneNumbers]

    /// Different requests, taken in turn, so that no one set of contacts stays in cache.
    public static let count = 16

    /// Never-issued identifiers that look like the store's own.
    public static func unknown(_ count: Int, seed: UInt64) -> [String] {
        var random = SplitMix(state: seed)
        return (0..<count).map { _ in storeShaped(random.next(), kind: "P") }
    }

    /// `value` as the store writes an identifier: 13 Crockford base-32 digits, a colon and the
    /// kind's letter (P, M for a labeled value), 15 bytes.
    public static func storeShaped(_ value: UInt64, kind: Character) -> String {
        let digits = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        return String((0..<13).map { digits[Int((value >> UInt64(5 * (12 - $0))) & 31)] }) + ":" + String(kind)
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

    /// How many contacts the limited app's P holds, the same at every device size.
    public static let permittedCount = 10_000

    /// The full-access scenario: 2,000 contacts deleted before the run are the invisible
    /// quarter (no app sees them); the store of an app with full access, and its requests.
    public static func fullAccess(_ population: Population) throws -> (store: ContactStore, requests: [[String]]) {
        let deleted = Population.sample(2_000, below: population.identifiers.count, seed: 9)
        var request = SaveRequest()
        for index in deleted { request.deleteContact(.saved(population.identifiers[index])) }
        try population.full.execute(request)
        let gone = Set(deleted)
        let visible = population.identifiers.indices.filter { !gone.contains($0) }.map { population.identifiers[$0] }
        return (population.full, make(visible: visible, invisible: deleted.map { population.identifiers[$0] }))
    }

    /// The limited scenario: P is the first ``permittedCount`` contacts, the invisible quarter
    /// comes from the rest; the store of the limited app, and its requests.
    public static func limited(_ population: Population) throws -> (store: ContactStore, requests: [[String]]) {
        let store = try population.limitedApp(permitted: 0..<permittedCount)
        return (store, make(visible: Array(population.identifiers[..<permittedCount]),
                            invisible: Array(population.identifiers[permittedCount...])))
    }
}
