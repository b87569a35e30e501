import ContactCoreTesting
import Foundation
import Testing

/// Writes the checked-in seed corpora `Corpus/FuzzPermittedSet/` and
/// `Corpus/FuzzIdentifierFetch/`:
///
///     CONTACTCORE_WRITE_SEED_CORPUS=1 swift test --filter SeedCorpus
///
/// From a fixed stream of generated inputs (the property tests' generators, fixed seed) it
/// keeps, for each ``ScenarioFeature``, the shortest input that reaches it (`seed-<feature>`),
/// and the first few inputs as they come (`seed-sample-<n>`). Every kept input passes. The
/// output is the same on every run, so regenerating changes nothing unless the engine did.
@Suite("Seed corpus")
struct SeedCorpus {
    static let enabled = ProcessInfo.processInfo.environment["CONTACTCORE_WRITE_SEED_CORPUS"] != nil

    @Test(.enabled(if: enabled, "set CONTACTCORE_WRITE_SEED_CORPUS=1 to rewrite Corpus/"))
    func writeSeedCorpora() throws {
        try write(.permittedSet, EngineInputs.fixed(EngineInputs.permittedSet, count: 3000), samples: 12) {
            ScenarioRunner.run(OperationDecoder.decode($0))
        }
        try write(.identifierFetch, EngineInputs.fixed(EngineInputs.identifierFetch, count: 1000), samples: 8) {
            ScenarioRunner.run(IdentifierFetchFuzz.decode($0))
        }
    }

    private func write(_ target: FuzzTarget, _ inputs: [[UInt8]], samples: Int, run: ([UInt8]) -> ScenarioReport) throws {
        var chosen: [String: [UInt8]] = [:]
        for (index, input) in inputs.enumerated() {
            let report = run(input)
            #expect(report.failure == nil, "generated seed \(index) of \(target.rawValue) fails: \(String(describing: report.failure))")
            guard report.failure == nil else { continue }
            if index < samples { chosen["seed-sample-\(index + 1)"] = input }
            for feature in report.features {
                let name = "seed-\(feature.rawValue)"
                if chosen[name].map({ input.count < $0.count }) ?? true { chosen[name] = input }
            }
        }
        let folder = CorpusReplayTests.root.appendingPathComponent("Corpus").appendingPathComponent(target.rawValue)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for old in try FileManager.default.contentsOfDirectory(atPath: folder.path) where old.hasPrefix("seed-") {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(old))
        }
        for (name, input) in chosen {
            try Data(input).write(to: folder.appendingPathComponent(name))
        }
    }
}
