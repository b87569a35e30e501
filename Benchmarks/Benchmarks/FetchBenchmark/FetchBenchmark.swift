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
let permittedCount = IdentifierRequests.permittedCount
let requestCount = IdentifierRequests.count
let keys = IdentifierRequests.keys

nonisolated(unsafe) var store: ContactStore?
nonisolated(unsafe) var requests: [[String]] = []
nonisolated(unsafe) var next = 0

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
            (store, requests) = try IdentifierRequests.fullAccess(Population(People.make(size)))
        }

        guard size > permittedCount else { continue }
        Benchmark("Identifier fetch 1000, limited app P=10k, device \(name)", configuration: configuration, closure: fetch) {
            (store, requests) = try IdentifierRequests.limited(Population(People.make(size)))
        }
    }
}
