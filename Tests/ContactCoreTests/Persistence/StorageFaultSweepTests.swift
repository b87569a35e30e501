import ContactCore
import ContactCoreTesting
import ContactCoreTestingSQLite
import Foundation
import Testing

/// SPEC 13's storage failures, as SQLite's own I/O-error tests sweep them: for a fixed program
/// of each kind of commit, every call SQLite makes fails in turn (call N, for every N up to
/// the program's count) with each fault, and the power goes after every commit, whole or
/// with torn writes. Each run checks, through the runner, that a failed commit threw the
/// fault's error, left nothing in memory or on disk and notified no one; that the device then
/// went on; and that every reopen gave back exactly the commits that returned.
@Suite("SPEC 13 — storage faults at every SQLite call")
struct StorageFaultSweepTests {
    /// A program of one kind of commit, with the apps and people it needs.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var program: Program
        var testDescription: String { name }
    }

    static func program(_ statuses: [Program.Setup], _ operations: [Op], device: DeviceSetup = DeviceSetup(),
                        reopeningAfter reopens: Set<Int> = []) -> Program {
        var program = Program()
        program.people = Vocabulary.casts[13]
        program.initialStatus = statuses
        program.device = device
        program.operations = operations
        program.reopensAfter = reopens
        return program
    }

    static let ann = Tap(query: QueryText(text: "ann", tokens: ["ann"]), picks: [0, 1])

    static let cases: [Case] = [
        Case(name: "save", program: program([.authorized, .limited(1), .notDetermined], [
            .save(app: 0, author: 1, steps: [.add(Draft(person: 6, phone: 0, email: 0, note: "n")), .update(.known(1), Draft(person: 7)),
                                             .delete(.known(2))]),
            .editFetched(app: 0, .known(0), keys: Keys(bits: 0x03), givenPerson: 4),
        ], reopeningAfter: [0])),
        Case(name: "group", program: program([.authorized, .denied, .notDetermined], [
            .save(app: 0, author: 0, steps: [.addGroup(name: "Family"), .addMember(.known(0), .added(0))]),
            .save(app: 0, author: 2, steps: [.addGroup(name: "Work"), .addSubgroup(.added(0), .known(0)),
                                             .renameGroup(.known(0), name: "家族")]),
            .save(app: 0, author: 0, steps: [.removeMember(.known(0), .known(1)), .deleteGroup(.known(0))]),
        ])),
        Case(name: "Settings", program: program([.authorized, .limited(1), .denied], [
            .settings(app: 1, .edit(adding: [.known(1)], removing: [.known(4)])),
            .restrict(app: 2, true),
            .settings(app: 0, .limited([.known(0), .known(3)])),
            .restrict(app: 2, false),
        ])),
        Case(name: "prompt", program: program([.authorized, .notDetermined, .notDetermined], [
            .request(app: 1, answer: .limited([.known(0)])),
            .request(app: 0, answer: .full),
            .fetch(app: 1, .all, keys: Keys(bits: 1), sort: .none),
        ])),
        Case(name: "picker", program: program([.limited(1), .limited(0), .authorized], [
            .accessPicker(app: 1, adding: [.known(1), .known(2)], removing: []),
            .accessPicker(app: 0, adding: [.known(3)], removing: [.known(4)]),
        ])),
        Case(name: "button", program: program([.limited(1), .notDetermined, .authorized], [
            .button(app: 0, ann),
            .request(app: 2, answer: .full),
            .button(app: 1, ann),
        ])),
        Case(name: "history trim", program: program([.authorized, .notDetermined, .notDetermined], [
            .save(app: 0, author: 1, steps: [.add(Draft(person: 8))]),
            .save(app: 0, author: 0, steps: [.update(.known(0), Draft(person: 9)), .add(Draft(person: 10))]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: true),
            .save(app: 0, author: 2, steps: [.delete(.known(1))]),
        ], device: DeviceSetup(historyLimit: 1))),
    ]

    /// Runs `program` under `schedule`: the failure, and the disk that counted its calls.
    static func run(_ program: Program, _ schedule: FaultSchedule) -> (failure: Failure?, disk: FaultDisk?) {
        let backEnd = BackEnd.sqlite(failing: schedule)
        return (Runner.run(program, on: backEnd), backEnd.faults as? FaultDisk)
    }

    /// Every call of the operations fails in turn with an I/O error, with a full disk that
    /// stays full, and with a power loss (every other one tearing the unsynced writes); every
    /// lock is busy in turn; the power goes after every commit, whole and torn. The final
    /// reopen (a close and an open, the same in every program) is swept in the first case only.
    @Test(arguments: cases)
    func everyCallFailsInTurn(_ sweep: Case) throws {
        let clean = Self.run(sweep.program, .none)
        let disk = try #require(clean.disk)
        #expect(clean.failure == nil, "\(sweep.name) fails with no fault: \(clean.failure.map { "\($0)" } ?? "")")
        let (inOperations, byKind) = disk.callsInOperations
        #expect(inOperations > 0 && disk.commits > 0, "\(sweep.name) makes no call or no commit")
        let calls = sweep.name == Self.cases[0].name ? disk.calls : inOperations
        var failedKinds = Set<FaultSchedule.CallKind>()
        var failures = 0
        func check(_ schedule: FaultSchedule) {
            let run = Self.run(sweep.program, schedule)
            failedKinds.formUnion(run.disk?.failedKinds ?? [])
            guard let failure = run.failure else { return }
            failures += 1
            if failures <= 3 { Issue.record("\(sweep.name) under \(schedule): \(failure)") }
        }
        for call in stride(from: 1, through: calls, by: 1) {
            check(FaultSchedule(failure: .init(call: call, fault: .ioError)))
            check(FaultSchedule(failure: .init(call: call, fault: .diskFull, persists: true)))
            check(FaultSchedule(failure: .init(call: call, fault: .powerLoss), tornWrites: call % 2 == 0))
        }
        for lock in stride(from: 1, through: byKind[.lock] ?? 0, by: 1) {
            check(FaultSchedule(failure: .init(call: lock, kind: .lock, fault: .busy)))
        }
        for commit in stride(from: 1, through: disk.commits, by: 1) {
            check(FaultSchedule(powerLossAfterCommit: commit))
            check(FaultSchedule(powerLossAfterCommit: commit, tornWrites: true))
        }
        #expect(failures == 0, "\(sweep.name): \(failures) runs broke a rule")
        let expectedKinds: Set<FaultSchedule.CallKind> = Set(byKind.keys).union(calls > inOperations ? [.open, .delete] : [])
        #expect(failedKinds.isSuperset(of: expectedKinds), "\(sweep.name) failed only \(failedKinds.map { "\($0)" }.sorted())")
        // The case that ends last prints the figures of the whole sweep (Fuzz/RESULTS.md).
        print("\(sweep.name): \(disk.calls) calls, \(inOperations) in its operations; so far: \(StorageFaultFigures.shared.current)")
    }
}
