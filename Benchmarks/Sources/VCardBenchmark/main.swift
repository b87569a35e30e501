// vCard import and export throughput: a deterministic 10,000-card, ~5 MB file of mixed
// exporter shapes (see VCardCorpus), read and written with ContactCore's VCardSerialization.
// Prints MB/s and cards/s (median of several runs) and peak memory; writes the file so that
// scripts/bench-vcard-vobject.sh times Python's vobject on exactly the same bytes.
//
// Run: cd Benchmarks && swift build -c release --product VCardBenchmark \
//        && .build/release/VCardBenchmark [--runs 7] [--out /tmp/contactcore-vcard-bench.vcf]
// `--memory FILE` reads FILE once in a fresh process and prints only its peak memory (after
// reading a small file first, so mapped code is not counted; `--cold` counts it).
import BenchmarkSupport
import ContactCore
import Foundation

/// Fields of Linux `/proc/self/status`, in bytes: resident memory now (all of it, and its
/// anonymous part: heap, not mapped code) and at its peak.
func memory() -> (resident: Int, anonymous: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0, 0) }
    func field(_ name: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return (digits.first ?? 0) * 1024
        }
        return 0
    }
    return (field("VmRSS:"), field("RssAnon:"), field("VmHWM:"))
}

/// Sets the peak (`VmHWM`) back to the resident memory now, so it measures what follows.
func resetPeak() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
}

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

if let path = option("--memory") {
    // Code is resident memory too: Foundation's file reading and the parser's own pages are
    // mapped in the first time they run, a few MB that do not grow with the file. A small file
    // is read and parsed first, the same way, so the peak below is what reading *this* file
    // costs; `--cold` skips that and counts the code pages as well.
    let cold = arguments.contains("--cold")
    if !cold {
        let warm = NSTemporaryDirectory() + "contactcore-vcard-warm-\(getpid()).vcf"
        try VCardCorpus.make(cards: 8).write(to: URL(fileURLWithPath: warm))
        _ = try VCardSerialization.contacts(from: Data(contentsOf: URL(fileURLWithPath: warm)))
        try? FileManager.default.removeItem(atPath: warm)
    }
    let peakReset = resetPeak()
    let before = memory()
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let loaded = memory()
    let contacts = try VCardSerialization.contacts(from: data)
    let after = memory()
    let size = Double(data.count)
    let peak = after.peak - before.resident
    print(String(format: "memory (%@): %d cards, file %.2f MB; resident before reading %.1f MB, with the file %.1f MB, peak %.1f MB%@",
                 cold ? "cold" : "warm", contacts.count, size / 1e6, Double(before.resident) / 1e6, Double(loaded.resident) / 1e6,
                 Double(after.peak) / 1e6, peakReset ? "" : " (peak not reset: it may predate the read)"))
    print(String(format: "memory: peak above the process before reading: %.1f MB = %.2f× the file (input bytes included)",
                 Double(peak) / 1e6, Double(peak) / size))
    print(String(format: "memory: of which anonymous (heap) at the end: %.1f MB = %.2f× the file; the read's own: %.1f MB (%.0f B per card)",
                 Double(after.anonymous - before.anonymous) / 1e6, Double(after.anonymous - before.anonymous) / size,
                 Double(after.anonymous - loaded.anonymous) / 1e6, Double(after.anonymous - loaded.anonymous) / Double(max(contacts.count, 1))))
    exit(0)
}

let runs = option("--runs").flatMap(Int.init) ?? 7
let cards = option("--cards").flatMap(Int.init) ?? 10_000
let path = option("--out") ?? "/tmp/contactcore-vcard-bench.vcf"
let data = VCardCorpus.make(cards: cards)
try data.write(to: URL(fileURLWithPath: path))
let megabytes = Double(data.count) / 1_000_000

var parse = LatencySample()
var contacts: [MutableContact] = []
for _ in 0..<runs { contacts = parse.measure { (try? VCardSerialization.contacts(from: data)) ?? [] } }
guard contacts.count == cards else { fatalError("read \(contacts.count) of \(cards) cards") }

var serialize = LatencySample()
var written = Data()
for _ in 0..<runs { written = serialize.measure { VCardSerialization.data(from: contacts) } }
var serialize4 = LatencySample()
for _ in 0..<runs { _ = serialize4.measure { VCardSerialization.data(from: contacts, version: .v4_0) } }

func row(_ name: String, _ sample: LatencySample, _ bytes: Int) {
    let seconds = sample.median / 1e9
    print(String(format: "%-34@ %10.2f ms %10.1f MB/s %12.0f cards/s", name as NSString, sample.median / 1e6,
                 Double(bytes) / 1e6 / seconds, Double(cards) / seconds))
}
print(String(format: "file: %@, %d cards, %.2f MB; median of %d runs (release)", path, cards, megabytes, runs))
row("ContactCore parse (strict)", parse, data.count)
row("ContactCore serialize 3.0", serialize, written.count)
row("ContactCore serialize 4.0", serialize4, written.count)
print(String(format: "peak RSS of this process: %.1f MB (run with --memory %@ for the read alone)", Double(memory().peak) / 1e6, path))
