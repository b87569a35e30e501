import BenchmarkSupport
import ContactCore
import ContactCoreSQLite
import Foundation

/// The benchmark's address books: people with a name, a mobile number and an email address,
/// added 10,000 per save (so the history holds one commit per 10,000 contacts), then written
/// to a new database file.
enum AddressBook {
    static let app = AppConfiguration(bundleIdentifier: "com.example.bench", usageDescription: "Benchmark")
    static let batch = 10_000

    static func person(_ index: Int, _ random: inout SplitMix) -> MutableContact {
        var contact = MutableContact()
        contact.givenName = random.pick(["Anna", "John", "Kate", "Daniel", "Hank", "David", "Zoë", "José"]) + "\(index % 1000)"
        contact.familyName = random.pick(["Haro", "Appleseed", "Bell", "Higgins", "Zakroff", "Taylor", "Núñez"]) + "\(index)"
        contact.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber("+1 555 \(1_000_000 + index)"))]
        contact.emailAddresses = [LabeledValue(label: .work, value: "person\(index)@example.com")]
        return contact
    }

    /// Builds `count` contacts in memory, saves them to `path`, and returns how long each part took.
    static func create(count: Int, at path: String) throws -> (build: Double, write: Double) {
        let clock = ContinuousClock()
        let started = clock.now
        let device = ContactDevice(seed: 42, identity: 42)
        try device.applySettings(.allowFull, to: app.bundleIdentifier)
        let store = device.store(for: app)
        var random = SplitMix(state: 7)
        var index = 0
        while index < count {
            var request = SaveRequest(transactionAuthor: "import")
            for _ in 0..<min(batch, count - index) {
                request.add(person(index, &random))
                index += 1
            }
            try store.execute(request)
        }
        let built = clock.now
        try device.saveAsDatabase(at: path)
        device.close()
        return (seconds(built - started), seconds(clock.now - built))
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Peak and current resident memory of this process, in bytes (Linux `/proc/self/status`).
func memory() -> (peak: Int, current: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    return (field("VmHWM:"), field("VmRSS:"))
}

func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}
