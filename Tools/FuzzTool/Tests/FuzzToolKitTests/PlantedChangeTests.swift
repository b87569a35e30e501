import FuzzToolKit
import Testing

/// The checkout's own mutants and races, applied to the checkout's own sources.
@Suite struct PlantedChangeTests {
    @Test func aMutant() throws {
        let name = "Fuzz/Mutants/97-date-year-past-9999-accepted.mutant"
        let mutant = try PlantedChange(mutant: try Fixture.checkoutText(name), name: name)
        #expect(mutant.targets == ["FuzzPermittedSet", "FuzzIdentifierFetch"])
        #expect(mutant.files == ["Sources/ContactCore/Model/ContactDate.swift"])
        let source = try Fixture.checkoutText("Sources/ContactCore/Model/ContactDate.swift")
        let mutated = try mutant.apply(to: source, file: "Sources/ContactCore/Model/ContactDate.swift", name: name)
        #expect(mutated.contains("&& (year.map { $0 >= 1 } ?? true) && !calendar.isEmpty"))
        #expect(!mutated.contains("(1...9999).contains($0)"))
        #expect(throws: FuzzToolError.self) { try mutant.apply(to: "nothing", file: mutant.files[0], name: name) }
    }

    @Test func aRace() throws {
        let name = "Fuzz/Races/access-picker-record-apart.race"
        let race = try PlantedChange(race: try Fixture.checkoutText(name), name: name)
        let file = "Sources/ContactCore/Pickers/ContactStore+AccessPicker.swift"
        #expect(race.files == [file])
        #expect(race.edits.count == 2)
        #expect(race.edits[1].old == "            var record = state.app(bundleIdentifier)\n            guard record.status == .limited else { return [] }")
        let raced = try race.apply(to: try Fixture.checkoutText(file), file: file, name: name)
        #expect(raced.contains("        let before = device.state.withLock { $0.app(bundleIdentifier) }\n"))
        #expect(raced.contains("            var record = before\n"))
    }

    @Test func aRacesTextMustOccurOnce() throws {
        let race = try PlantedChange(race: "file: a.swift\n- ·x\n+ ·y\n", name: "r.race")
        #expect(try race.apply(to: "a x b", file: "a.swift", name: "r.race") == "a y b")
        let twice = #expect(throws: FuzzToolError.self) { try race.apply(to: "x x", file: "a.swift", name: "r.race") }
        #expect(twice?.message == "r.race: the text to replace occurs 2 times in a.swift")
    }

    @Test func everyMutantAndRaceReads() throws {
        for (name, path) in ScratchTree.planted(in: Fixture.checkout.appendingPathComponent("Fuzz/Mutants").path,
                                                extension: "mutant", matching: "*") {
            let mutant = try PlantedChange(mutant: try Fixture.checkoutText("Fuzz/Mutants/\(name).mutant"), name: path)
            #expect(!mutant.targets.isEmpty, "\(name)")
        }
        let races = ScratchTree.planted(in: Fixture.checkout.appendingPathComponent("Fuzz/Races").path,
                                        extension: "race", matching: "*")
        #expect(races.count >= 13)
        for (name, path) in races {
            #expect(!(try PlantedChange(race: try Fixture.checkoutText("Fuzz/Races/\(name).race"), name: path)).edits.isEmpty)
        }
        #expect(ScratchTree.planted(in: Fixture.checkout.appendingPathComponent("Fuzz/Mutants").path,
                                    extension: "mutant", matching: "97*").map(\.name) == ["97-date-year-past-9999-accepted"])
    }
}
