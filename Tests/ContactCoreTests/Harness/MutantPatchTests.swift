import ContactCoreTesting
import ContactCoreTestingSQLite
import Foundation
import Testing

/// Every `Fuzz/Mutants/*.mutant` still applies: its line occurs exactly once in its file and
/// its targets exist (`targets: none` for a surface no fuzz target runs, as the CLI: only
/// `swift test` kills such a mutant). A refactor that moves the line would otherwise make `make mutants` (a
/// nightly job) stop measuring that bug without anyone noticing.
@Suite struct MutantPatchTests {
    struct Mutant: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        var testDescription: String { name }

        func value(_ field: String) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix(field) }.map { String($0.dropFirst(field.count)) }
        }
    }

    static let folder = ReplayTests.root.appendingPathComponent("Fuzz/Mutants")

    static var mutants: [Mutant] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".mutant") }.sorted().compactMap { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map { Mutant(name: name, text: $0) }
        }
    }

    @Test func thereAreAtLeastFifteen() {
        #expect(Self.mutants.count >= 15)
    }

    @Test(arguments: mutants)
    func appliesToExactlyOneLine(_ mutant: Mutant) throws {
        let file = try #require(mutant.value("file: "), "no file: line")
        let old = try #require(mutant.value("- "), "no line to replace")
        let new = try #require(mutant.value("+ "), "no replacement")
        #expect(old != new)
        let source = try String(contentsOf: ReplayTests.root.appendingPathComponent(file), encoding: .utf8)
        #expect(source.components(separatedBy: old).count - 1 == 1, "\(file) must hold `\(old)` exactly once")
        let targets = try #require(mutant.value("targets: "), "no targets").split(separator: " ")
        #expect(!targets.isEmpty)
        if targets == ["none"] { return }
        // `<Target>OnSQLite` fuzzes `<Target>`'s programs on SQLite (Package.swift, `nightlyFuzzTargets`);
        // FuzzStorageFaults is a target of its own.
        for target in targets {
            let base = target.hasSuffix("OnSQLite") ? target.dropLast("OnSQLite".count) : target
            #expect(FuzzTarget(rawValue: String(base)) != nil || target == StorageFaultsTarget.name, "unknown target \(target)")
        }
    }
}
