import ContactCoreSQLite
import Foundation
import GRDB
import Testing
@testable import ContactCore

/// Serialized with the CLI property, whose stream of processes would leave the child too little
/// processor time to commit within its 20–120 ms (`ProcessHeavySuites`).
typealias CrashSafetyTests = ProcessHeavySuites.CrashSafetyTests

extension ProcessHeavySuites {
    /// SPEC 13: a process killed at any moment loses no acknowledged commit and leaves no partial one.
    @Suite("SPEC 13 — crash safety")
    struct CrashSafetyTests {
        static let kills = 100

        /// The crash child, built beside the test bundle (`swift build` builds every product).
        static var childExecutable: URL? {
            let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            let candidates = [besideTests, besideTests.deletingLastPathComponent()].map {
                $0.appendingPathComponent("ContactCoreCrashChild")
            }
            return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }

        static func launchChild(database: String, log: String) throws -> Process {
            let child = Process()
            guard let executable = childExecutable else { throw MissingChild() }
            child.executableURL = executable
            child.arguments = [database, log]
            child.standardOutput = FileHandle.nullDevice
            try child.run()
            return child
        }

        struct MissingChild: Error, CustomStringConvertible {
            var description: String { "build ContactCoreCrashChild first (swift build)" }
        }

        /// The lines of the side log that were written whole: each one an acknowledged commit.
        static func acknowledged(_ log: String) -> [String] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return Array(lines.dropLast())  // after the last "\n": nothing, or a line cut short
        }

        @Test func killedAtRandomMomentsLosesNoAcknowledgedCommit() throws {
            let database = TemporaryDatabase()
            defer { database.remove() }
            let log = database.folder.appendingPathComponent("acknowledged.log").path
            var random = SplitMix64(seed: 0xC0FFEE)
            var killedMidCommit = 0
            var committedBefore = 0, acknowledgedBefore = 0
            for kill in 1...Self.kills {
                let child = try Self.launchChild(database: database.path, log: log)
                // Long enough to get past opening (a few commits in), short enough to land anywhere.
                usleep(UInt32(20_000 + random.next() % 100_000))
                sendKill(child.processIdentifier)
                child.waitUntilExit()
                #expect(child.terminationReason == .uncaughtSignal, "kill \(kill): the child exited on its own")

                let lines = Self.acknowledged(log)
                let check = try DatabaseQueue(path: database.path)
                #expect(try check.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok", "kill \(kill)")
                try check.close()

                let device = try ContactDevice.open(databaseAt: database.path)
                defer { device.close() }
                let (last, records) = device.state.withLock { ($0.history.lastSequence, Array($0.history.records)) }
                // Every call this child acknowledged is one commit; at most the one in flight when
                // it was killed is there without a line (committed, not yet acknowledged).
                let committed = Int(last) - committedBefore, logged = lines.count - acknowledgedBefore
                #expect(committed == logged || committed == logged + 1,
                        "kill \(kill): the child acknowledged \(logged) commits, the file gained \(committed)")
                killedMidCommit += committed - logged
                (committedBefore, acknowledgedBefore) = (Int(last), lines.count)
                #expect(device.checkInvariants().isEmpty, "kill \(kill): \(device.checkInvariants())")
                try Self.checkEveryLine(lines, on: device, kill: kill)
                // No partial save: each save commit added its contact and updated the previous one together.
                for record in records where record.transactionAuthor?.hasPrefix("round ") == true {
                    let adds = record.events.filter { if case .addContact = $0 { true } else { false } }
                    #expect(adds.count == 1 && (record.events.count == 1 || record.events.count == 2), "kill \(kill): \(record)")
                }
            }
            let total = Self.acknowledged(log).count
            #expect(total > Self.kills * 3, "the child made only \(total) commits in \(Self.kills) runs")
            print("crash test: \(Self.kills) kills, \(total) acknowledged commits, all present; \(killedMidCommit) kills landed while a commit was being made durable (committed, not yet acknowledged)")
        }

        /// Each acknowledged line is visible on the reopened device.
        static func checkEveryLine(_ lines: [String], on device: ContactDevice, kill: Int) throws {
            let contacts = Set(device.allContactIdentifiers)
            let reader = device.store(for: AppConfiguration(bundleIdentifier: "crash.writer", usageDescription: "crash test"))
            var lastLimitedSet: String?
            for line in lines {
                let words = line.split(separator: " ").map(String.init)
                switch words.first {
                case "save":
                    let identifier = words.count > 2 ? words[2] : ""
                    #expect(contacts.contains(identifier), "kill \(kill): acknowledged save \(line) is missing")
                    let given = try reader.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName]).givenName
                    #expect(given == "Round\(words[1])", "kill \(kill): \(line)")
                case "grant":
                    for identifier in (words.count > 2 ? words[2] : "").split(separator: ",") {
                        #expect(device.permittedIdentifiers(for: "crash.picker").contains(String(identifier)),
                                "kill \(kill): acknowledged grant \(identifier) is missing")
                    }
                case "settings" where words.count > 1 && words[1] == "crash.limited":
                    lastLimitedSet = words.count > 2 ? words[2] : ""
                default: break
                }
            }
            if let lastLimitedSet {
                let now = device.permittedIdentifiers(for: "crash.limited").sorted().joined(separator: ",")
                // The child sets the last three contacts. An unacknowledged commit may hold a later
                // window than the last acknowledged one: the one in flight at this kill, or at an
                // earlier kill whose next run was killed before it changed the set again.
                let all = device.allContactIdentifiers
                let windows = (0...max(0, all.count - 3)).map { Set(all[$0..<min($0 + 3, all.count)]).sorted().joined(separator: ",") }
                let acknowledgedWindow = windows.firstIndex(of: lastLimitedSet) ?? -1
                let laterWindow = windows.firstIndex(of: now).map { $0 > acknowledgedWindow } ?? false
                #expect(now == lastLimitedSet || laterWindow, "kill \(kill): the limited app's set is \(now), acknowledged \(lastLimitedSet)")
            }
        }
    }
}

/// SIGKILL, spelled for both platforms.
func sendKill(_ pid: Int32) {
    _ = Foundation.kill(pid, SIGKILL)
}

/// A small seeded generator, so a failing run can be repeated.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
