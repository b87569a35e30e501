// Profiling aid: builds a device once, then repeats FetchBenchmark's identifier fetches, so
// `perf record -g` sees mostly the fetch path. Prints a checksum of the results (to compare
// two builds: same contacts, same order) and p50/p99 per fetch, wall clock and thread CPU.
// Usage: FetchProfile [size] [full|limited] [iterations]
import BenchmarkSupport
import ContactCore
import Foundation

let arguments = CommandLine.arguments
let size = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let limited = arguments.count > 2 && arguments[2] == "limited"
let iterations = arguments.count > 3 ? Int(arguments[3]) ?? 20_000 : 20_000
let keys = IdentifierRequests.keys

let population = try Population(People.make(size))
let (store, requests) = try limited ? IdentifierRequests.limited(population) : IdentifierRequests.fullAccess(population)
// A checksum of every result, to compare builds: same requests, same contacts, same order.
var checksum: UInt64 = 0
for request in requests {
    for contact in try store.unifiedContacts(matching: .identifiers(request), keysToFetch: keys) {
        let text = contact.identifier + "|" + (try contact.givenName) + "|" + (try contact.familyName) + "|"
            + (try contact.phoneNumbers).map { "\($0.value)" }.joined(separator: ",")
        for byte in text.utf8 { checksum = (checksum ^ UInt64(byte)) &* 0x100_0000_01B3 }
    }
}
print("ready: \(size) contacts, \(limited ? "limited" : "full"), checksum \(checksum)")

var wall: [UInt64] = [], cpu: [UInt64] = []
wall.reserveCapacity(iterations)
cpu.reserveCapacity(iterations)
var total = 0
for iteration in 0..<iterations {
    let start = DispatchTime.now().uptimeNanoseconds, startCPU = threadNanoseconds()
    total &+= try store.unifiedContacts(matching: .identifiers(requests[iteration % requests.count]), keysToFetch: keys).count
    cpu.append(threadNanoseconds() - startCPU)
    wall.append(DispatchTime.now().uptimeNanoseconds - start)
}
wall.sort()
cpu.sort()
print("wall p50 \(microseconds(wall, percentile: 50)) µs p99 \(microseconds(wall, percentile: 99)) µs; thread CPU p50 \(microseconds(cpu, percentile: 50)) µs p99 \(microseconds(cpu, percentile: 99)) µs (\(total))")
