import ContactCoreTesting
import ContactCoreTestingSQLite
import Foundation
import Testing

/// The checked-in corpora as programs (Fuzz/RESULTS.md, "How long the programs are"): fuzzing
/// starts from them, so they must hold histories of several commits and reopens, not only
/// one-operation programs.
@Suite struct ProgramShapeTests {
    static let programTargets = FuzzTarget.allCases.filter { $0.vCardCheck == nil }

    static func shape(of target: FuzzTarget) throws -> ProgramShape {
        var shape = ProgramShape()
        for input in ReplayTests.inputs(under: "Corpus") where input.target == target {
            shape.add(try [UInt8](Data(contentsOf: URL(fileURLWithPath: input.path))), as: target)
        }
        return shape
    }

    @Test(arguments: programTargets)
    func corporaHoldLongProgramsWithReopens(_ target: FuzzTarget) throws {
        let shape = try Self.shape(of: target)
        print("| target | inputs | mean operations | 0 | 1 | 2–3 | 4–7 | 8–16 | ≥ 2 saves | a reopen |")
        print(shape.row(target.rawValue))
        // Before the long seeds (2026-11-26): means of 1.2–2.5 operations, 2–25% with two saves.
        #expect(shape.meanLength >= 3)
        #expect(shape.twoSavesShare >= 20)
        #expect(shape.reopeningShare >= 20)
    }

    /// Writes `seed-long-*` into each program target's corpus: the header of one corpus input,
    /// then the records of several laid end to end (up to 16 operations), every other save
    /// marked to reopen; kept only when it passes in memory and on SQLite. Run by hand:
    /// `CONTACTCORE_WRITE_LONG_SEEDS=64 swift test --filter writeLongSeeds`. With
    /// `CONTACTCORE_SEED_VERSION=4` it writes `seed-device-*` instead: the same records under
    /// format version 4's header, whose device byte (identity, history limit, accounts, the
    /// person's groups) each seed varies, so that the corpora reach that version's choices.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CONTACTCORE_WRITE_LONG_SEEDS"] != nil),
          arguments: programTargets)
    func writeLongSeeds(_ target: FuzzTarget) throws {
        let count = Int(ProcessInfo.processInfo.environment["CONTACTCORE_WRITE_LONG_SEEDS"] ?? "") ?? 64
        let version4 = ProcessInfo.processInfo.environment["CONTACTCORE_SEED_VERSION"] == "4"
        let files = try ReplayTests.inputs(under: "Corpus")
            .filter { $0.target == target && !$0.path.contains("seed-long-") && !$0.path.contains("seed-device-") }
            .map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0.path))) }
            .filter { $0.first == Decoder.version && $0.count > 3 }
        let folder = ReplayTests.root.appendingPathComponent("Corpus/\(target.rawValue)")
        var written = 0, next = 0
        while written < count, next < files.count * 4 {
            var seed = Array(files[next % files.count].prefix(3))
            if version4 { seed = [Decoder.deviceVersion] + seed.dropFirst() + [UInt8(truncatingIfNeeded: next * 5) & 0x1F] }
            var operations = 0, saves = 0, source = next * 7
            while operations < Decoder.maximumOperations, seed.count < 220, source < next * 7 + files.count {
                let file = files[source % files.count]
                for range in Decoder.decode(file, profile: target.profile).records where operations < Decoder.maximumOperations {
                    var record = Array(file[range])
                    // A record cut short by its file's end says a length past it: it says its own here.
                    guard record.count <= 24 else { continue }
                    record[0] = UInt8(record.count - 1)
                    if record.count > 3, target.profile.kinds[Int(record[1]) % target.profile.kinds.count] == .save {
                        saves += 1
                        if saves % 2 == 1 { record[3] |= 0x10 } else { record[3] &= ~0x10 }
                    }
                    guard seed.count + record.count <= 250 else { break }
                    seed += record
                    operations += 1
                }
                source += 1
            }
            next += 1
            guard target.program(seed).operations.count >= 8 else { continue }
            guard target.check(seed) == nil, target.check(seed, on: .sqlite) == nil else { continue }
            let name = String(format: version4 ? "seed-device-%02d" : "seed-long-%02d", written)
            try Data(seed).write(to: folder.appendingPathComponent(name))
            written += 1
        }
        #expect(written == count)
    }
}
