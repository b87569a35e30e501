// Identifier fetch: 1,000 identifiers per fetch, half visible, a quarter invisible, a quarter
// unknown (never issued), returned as contacts with names and numbers. For a full-access app
// the invisible quarter is contacts deleted before the run; for a limited app whose P holds
// 10,000 contacts, contacts outside P. Devices of 10k, 100k and 1M contacts; the limited app
// keeps the same P as the device grows (SPEC 4's timing class).
//
// Run: make bench BENCH_ARGS="--target FetchBenchmark"
import Benchmark
import BenchmarkSupport
import ContactCore
import Foundation
import Thresholds

let sizes = [10_000, 100_000, 1_000_000]
let permittedCount = 10_000
/// Different requests, taken in turn, so that no one set of contacts stays in cache.
let requestCount = 16
let keys: [ContactKey] = [.givenName, .familyName, .phoneNumbers]

nonisolated(unsafe) var store: ContactStore?
nonisolated(unsafe) var requests: [[String]] = []
nonisolated(unsafe) var next = 0

/// Never-issued identifiers that look like the store's own.
func unknownIdentifiers(_ count: Int, seed: UInt64) -> [String] {
    var random = SplitMix(state: seed)
    return (0..<count).map { _ in
        let hex = String(random.next(), radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - hex.count) + hex + ":ABPerson"
    }
}

/// 500 visible, 250 invisible and 250 unknown identifiers, shuffled, for each request.
func makeRequests(visible: [String], invisible: [String]) -> [[String]] {
    (0..<requestCount).map { number in
        var random = SplitMix(state: UInt64(100 + number))
        var identifiers = Population.sample(500, below: visible.count, seed: UInt64(200 + number)).map { visible[$0] }
            + Population.sample(250, below: invisible.count, seed: UInt64(300 + number)).map { invisible[$0] }
            + unknownIdentifiers(250, seed: UInt64(400 + number))
        for index in identifiers.indices.reversed() {
            identifiers.swapAt(index, random.below(index + 1))
        }
        return identifiers
    }
}

func fetch(_ benchmark: Benchmark) throws {
    guard let store else { return }
    let identifiers = requests[next]
    next = (next + 1) % requests.count
    blackHole(try store.unifiedContacts(matching: .identifiers(identifiers), keysToFetch: keys).count)
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Thresholds.perQuery(iterations: 2_000, warmup: requestCount)
    for size in sizes {
        let name = sizeName(size)
        Benchmark("Identifier fetch 1000, full access, \(name)", configuration: configuration, closure: fetch) {
            let population = try Population(People.make(size))
            // The invisible quarter: contacts deleted before the run, which no app sees.
            let deleted = Population.sample(2_000, below: size, seed: 9)
            var request = SaveRequest()
            for index in deleted { request.deleteContact(.saved(population.identifiers[index])) }
            try population.full.execute(request)
            let gone = Set(deleted)
            let visible = population.identifiers.indices.filter { !gone.contains($0) }.map { population.identifiers[$0] }
            requests = makeRequests(visible: visible, invisible: deleted.map { population.identifiers[$0] })
            store = population.full
        }

        guard size > permittedCount else { continue }
        Benchmark("Identifier fetch 1000, limited app P=10k, device \(name)", configuration: configuration, closure: fetch) {
            let population = try Population(People.make(size))
            // P: the first 10k contacts, the same at every size; the invisible quarter, the rest.
            store = try population.limitedApp(permitted: 0..<permittedCount)
            requests = makeRequests(visible: Array(population.identifiers[..<permittedCount]),
                                    invisible: Array(population.identifiers[permittedCount...]))
        }
    }
}
