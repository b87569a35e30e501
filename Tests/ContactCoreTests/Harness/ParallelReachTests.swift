import ContactCore
import ContactCoreTesting
import Testing

/// What the parallel property's programs can race, counted over inputs drawn as its default
/// run draws them: a call that never meets another in a branch is a race the property cannot see.
@Suite struct ParallelReachTests {
    /// The property's inputs (``ParallelPropertyTests/inputs``) from a fixed generator: version
    /// 5, five header bytes, then 2 to 16 records of 1 to 12 bytes, half shaped for a race.
    static let inputs = raw.map(RaceCheck.shaped)

    /// The inputs before ``RaceCheck/shaped(_:)``.
    static let raw: [[UInt8]] = {
        var generator = SeededGenerator(seed: 0x1B)
        func byte() -> UInt8 { UInt8(truncatingIfNeeded: generator.next()) }
        return (0..<ParallelPropertyTests.cases).map { _ in
            var bytes = [Decoder.parallelDeviceVersion] + (0..<5).map { _ in byte() }
            for _ in 0..<(2 + Int(generator.next() % 15)) {
                let length = 1 + Int(generator.next() % 12)
                bytes += [UInt8(length)] + (0..<length).map { _ in byte() }
            }
            return bytes
        }
    }()

    static let programs = inputs.map(RaceCheck.program)

    static func kind(_ op: Op) -> String {
        switch op {
        case .request: "request"
        case .settings: "settings"
        case .restrict: "restrict"
        case .save: "save"
        case .editFetched: "editFetched"
        case .fetch: "fetch"
        case .fetchOne: "fetchOne"
        case .history: "history"
        case .accessPicker: "accessPicker"
        case .button: "button"
        case .contactPicker: "contactPicker"
        }
    }

    static let kinds = ["request", "settings", "restrict", "save", "editFetched", "fetch", "fetchOne", "history", "accessPicker",
                        "button", "contactPicker"]

    /// Every kind of operation runs in a branch while every kind (itself included) runs in another.
    @Test func everyOperationRacesEveryOther() {
        var met = Set<[String]>()
        for case let parallel? in Self.programs.map(\.parallel) {
            for (i, one) in parallel.branches.enumerated() {
                for other in parallel.branches[(i + 1)...] {
                    for a in one { for b in other { met.insert([Self.kind(a), Self.kind(b)].sorted()) } }
                }
            }
        }
        let missing = Self.kinds.flatMap { a in Self.kinds.map { b in [a, b].sorted() } }.filter { !met.contains($0) }
        #expect(missing.isEmpty, "never raced: \(Set(missing))")
        #expect(Self.programs.contains { $0.parallel?.branches.count == 3 }, "three branches")
    }

    /// The races SPEC 1b's examples name are drawn often: a delete racing a grant of the same
    /// contact, three calls on an app restricted at the fork, a save of two contacts racing the
    /// contact picker that hands them over, a delete racing a prompt whose answer names it, a
    /// tap racing a Settings change of its app, and a save of two contacts racing a fetch of both.
    @Test func theNamedRacesAreDrawn() {
        let met = Self.programs.compactMap(Runner.contention(of:))
        let deletes = met.filter(\.deleteRacesGrant).count, restricted = met.filter(\.threeOnRestricted).count
        let picker = met.filter(\.writeRacesPicker).count, prompt = met.filter(\.deleteRacesPrompt).count
        let tap = met.filter(\.settingsRacesTap).count, fetch = met.filter(\.writeRacesFetch).count
        print("ParallelReach: of \(met.count) programs, \(deletes) race a delete against a grant, \(restricted) make three calls "
              + "on a restricted app, \(picker) save two contacts a contact picker hands over, \(prompt) delete a contact a prompt's answer names, "
              + "\(tap) tap while Settings change the tapping app, \(fetch) save two contacts a fetch reads")
        #expect(deletes >= 40 && restricted >= 40 && picker >= 20 && prompt >= 20 && tap >= 20 && fetch >= 10)
    }

    /// Shaping is a function of the input: the same bytes are always shaped alike, half of
    /// them not at all, and whatever it is given it returns a program of the same version.
    @Test func shapingIsDeterministicAndLeavesHalf() {
        let raw = Self.raw.prefix(1_000)
        let shaped = raw.map(RaceCheck.shaped)
        #expect(shaped == raw.map(RaceCheck.shaped))
        let unchanged = zip(raw, shaped).filter { $0 == $1 }.count
        #expect((400...600).contains(unchanged), "\(unchanged) of 1,000 left as drawn")
        #expect(shaped.allSatisfy { $0.first == Decoder.parallelDeviceVersion })
        for bytes in [[], [Decoder.parallelDeviceVersion], [Decoder.parallelDeviceVersion, 0, 0, 0, 0, 0, 0, 0, 0], [Decoder.version, 1, 2, 3]] {
            _ = RaceCheck.program(RaceCheck.shaped(bytes))
        }
    }

    /// The app the branches share starts them at every status, restricted included.
    @Test func branchesStartFromEveryStatus() {
        var statuses = Set<AuthorizationStatus>()
        for program in Self.programs.prefix(400) {
            statuses.formUnion(Runner.contention(of: program)?.statuses ?? [])
        }
        #expect(statuses == [.notDetermined, .restricted, .denied, .limited, .authorized])
    }

    /// A pool of the newest contacts makes two branches that name contacts name the same one
    /// more often than references over every contact do (over the first 2,000 inputs); the
    /// shares are printed for `Fuzz/RESULTS.md`.
    @Test func aSmallPoolMakesBranchesMeet() {
        /// Of the programs whose branches both name contacts, the share naming a common one.
        func sameContact(pool: UInt8?) -> Double {
            let met = Self.inputs.prefix(2_000).compactMap { input -> Contention? in
                var bytes = input
                if let pool { bytes[5] = bytes[5] & 0x3F | pool << 6 }
                return Runner.contention(of: RaceCheck.program(bytes))
            }.filter(\.naming)
            return Double(met.filter(\.contact).count) / Double(max(met.count, 1))
        }
        let drawn = Self.inputs.prefix(2_000).compactMap { Runner.contention(of: RaceCheck.program($0)) }
        func share(_ property: (Contention) -> Bool) -> String { "\(Int((Double(drawn.filter(property).count) * 100 / Double(drawn.count)).rounded()))%" }
        let (everyContact, one, two) = (sameContact(pool: 0), sameContact(pool: 1), sameContact(pool: 2))
        func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
        print("ParallelReach: of \(drawn.count) programs, two branches call one app in \(share(\.app)), one changes the access of an app "
              + "another calls in \(share(\.status)), both name contacts in \(share(\.naming)) and the same one in \(share(\.contact)); "
              + "of those naming contacts, the same one with a pool of 1: \(percent(one)), of 2: \(percent(two)), "
              + "from every contact: \(percent(everyContact)), as drawn: \(percent(sameContact(pool: nil)))")
        #expect(one > everyContact && one >= 0.9 && two > everyContact)
    }
}
