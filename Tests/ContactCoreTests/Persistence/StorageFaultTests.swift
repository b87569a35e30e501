import ContactCore
import ContactCoreSQLite
import ContactCoreTesting
import ContactCoreTestingSQLite
import Foundation
import Testing

/// SPEC 13's storage failures beyond the sweep: a container's commit at every call, the
/// device's usability after a failed commit (Decisions, SPEC 13), and FuzzStorageFaults'
/// checked-in inputs.
@Suite("SPEC 13 — storage faults")
struct StorageFaultTests {
    /// A device in a folder of its own on a disk that fails as `schedule` says, counting from
    /// ``arm()``.
    struct Disk {
        let folder = SQLiteFolder(in: BackEnd.faultBase)
        let disk: FaultDisk
        let device: ContactDevice
        var path: String { folder.path }
        static let options = ContactDatabaseOptions(durability: .full)

        init(_ schedule: FaultSchedule) throws {
            disk = FaultDisk(folder: folder.folder.resolvingSymlinksInPath().path, schedule: schedule)
            device = try ContactDevice.open(databaseAt: folder.path, options: Self.options)
        }

        func arm() { disk.operationStarts() }

        /// The device closed, the disk healed and the file opened again; an open that a fault
        /// made fail threw its error, and the next one succeeds.
        func reopened() throws -> ContactDevice {
            device.close()
            disk.heal()
            do {
                return try ContactDevice.open(databaseAt: path, options: Self.options)
            } catch {
                #expect(disk.expectedCodes.contains(error.code), "opening threw \(error)")
                disk.heal()
                return try ContactDevice.open(databaseAt: path, options: Self.options)
            }
        }

        func remove(_ devices: ContactDevice...) {
            for device in devices { device.close() }
            disk.remove()
            folder.remove()
        }
    }

    /// SPEC 13 with SPEC 2: signing in to an account adds a container in one commit. It fails
    /// at each of its calls in turn, with each fault: the error says which, the device is as
    /// it was, and a reopen finds the container only if the call returned.
    @Test func aContainerCommitFailsAtEveryCall() throws {
        let counting = try Disk(.none)
        counting.arm()
        try counting.device.addContainer(name: "Work", kind: .exchange)
        let calls = counting.disk.calls
        counting.remove(counting.device)
        #expect(calls > 0)
        for call in 1...calls {
            for fault in FaultSchedule.Fault.allCases {
                let disk = try Disk(FaultSchedule(failure: .init(call: call, kind: fault == .busy ? .lock : nil, fault: fault)))
                disk.arm()
                let before = disk.device.containers
                var added = true
                do {
                    try disk.device.addContainer(name: "Work", kind: .exchange)
                } catch {
                    added = false
                    #expect(disk.disk.expectedCodes.contains(error.code), "call \(call), \(fault): \(error)")
                    #expect(disk.device.containers == before, "call \(call), \(fault): the failed container stayed")
                }
                let reopened = try disk.reopened()
                #expect(reopened.containers.count == before.count + (added ? 1 : 0), "call \(call), \(fault): \(reopened.containers)")
                disk.remove(reopened)
            }
        }
    }

    /// Decided (SPEC 13): a device stays usable after a failed commit. The commit is absent;
    /// the next one, once the disk works, commits and survives a power loss.
    @Test func theDeviceStaysUsableAfterAFailedCommit() throws {
        // The first sync fails: the first save's.
        let disk = try Disk(FaultSchedule(failure: .init(call: 1, kind: .sync, fault: .ioError)))
        let store = disk.device.store(for: AppConfiguration(bundleIdentifier: "com.example.app", usageDescription: "Contacts."))
        try disk.device.applySettings(.allowFull, to: "com.example.app")
        disk.arm()
        var kate = MutableContact()
        kate.givenName = "Kate"
        var first = SaveRequest()
        first.add(kate)
        #expect(throws: ContactError.self) { try store.execute(first) }
        #expect(disk.device.allContactIdentifiers.isEmpty)
        var john = MutableContact()
        john.givenName = "John"
        var second = SaveRequest()
        let added = second.add(john)
        let saved = try store.execute(second)
        #expect(disk.device.allContactIdentifiers == [saved.identifier(for: added)].compactMap { $0 })
        #expect(!disk.disk.operationEnds(acknowledging: 0))
        let reopened = try disk.reopened()
        #expect(reopened.allContactIdentifiers == [saved.identifier(for: added)].compactMap { $0 })
        disk.remove(reopened)
    }

    /// Every checked-in FuzzStorageFaults input and regression passes.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(_ folder: String) -> [String] {
        let directory = root.appendingPathComponent("\(folder)/\(StorageFaultsTarget.name)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    @Test(arguments: inputs("Corpus") + inputs("Fuzz/Regressions"))
    func replay(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        if let failure = StorageFaultsTarget.check(bytes) {
            Issue.record("\(URL(fileURLWithPath: path).lastPathComponent): \(StorageFaultsTarget.explain(bytes)?.failure ?? failure)")
        }
    }

    /// A failure's printed test runs its program on a disk that fails as the input's schedule
    /// says, and names the schedule.
    @Test func aPrintedTestRunsOnTheFailingDisk() throws {
        let path = try #require(Self.inputs("Corpus").first)
        let (schedule, program, _) = StorageFaultsTarget.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        let test = StorageFaultsTarget.printed(program, schedule, failure: nil)
        #expect(test.contains("Runner.run(program, on: .sqlite(failing: FaultSchedule.decode(\(schedule.header)).schedule))"), "\(test)")
        #expect(test.contains("    // \(schedule)\n    var program = Program()"), "\(test)")
        #expect(FaultSchedule.decode(schedule.header).schedule == schedule)
    }

    /// Writes FuzzStorageFaults' seeds: FuzzPermittedSet's corpus inputs that commit, each
    /// behind a schedule that fails one of its calls (the fault, the call and whether it
    /// persists varying from seed to seed) or cuts the power after a commit; only the ones
    /// that pass are kept. `CONTACTCORE_WRITE_FAULT_SEEDS=48 swift test --filter writeFaultSeeds`.
    @Test func writeFaultSeeds() throws {
        guard let wanted = ProcessInfo.processInfo.environment["CONTACTCORE_WRITE_FAULT_SEEDS"].flatMap(Int.init) else { return }
        let corpus = Self.root.appendingPathComponent("Corpus/FuzzPermittedSet")
        let folder = Self.root.appendingPathComponent("Corpus/\(StorageFaultsTarget.name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() where written < wanted {
            let program = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
            let counting = BackEnd.sqlite(failing: .none)
            guard Runner.run(StorageFaultsTarget.decode(FaultSchedule.none.header + program).program, on: counting) == nil,
                  let disk = counting.faults as? FaultDisk, disk.commits > 0 else { continue }
            let calls = disk.callsInOperations.all
            let fault = FaultSchedule.Fault.allCases[written % 4]
            let schedule = written % 5 == 4
                ? FaultSchedule(powerLossAfterCommit: 1 + written % disk.commits, tornWrites: written % 2 == 0)
                : FaultSchedule(failure: .init(call: 1 + (written * 7) % max(calls, 1), kind: fault == .busy ? .lock : nil,
                                               fault: fault, persists: written % 3 == 0),
                                tornWrites: written % 2 == 1)
            let input = schedule.header + program
            guard StorageFaultsTarget.check(input) == nil else { continue }
            try Data(input).write(to: folder.appendingPathComponent(String(format: "seed-%03d", written)))
            written += 1
        }
    }
}
