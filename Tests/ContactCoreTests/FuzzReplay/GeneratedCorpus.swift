import Foundation
import Testing

/// A fuzz target's generated seeds and dictionary as checked in, compared with their
/// generator; with `CONTACTCORE_WRITE_CORPUS=1` the files are rewritten from it first.
struct GeneratedCorpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let writing = ProcessInfo.processInfo.environment["CONTACTCORE_WRITE_CORPUS"] == "1"

    let target: String

    var corpus: URL { Self.root.appendingPathComponent("Corpus/\(target)") }
    var dictionary: URL { Self.root.appendingPathComponent("Fuzz/Dictionaries/\(target).dict") }
    var regressions: URL { Self.root.appendingPathComponent("Fuzz/Regressions/\(target)") }

    /// Saved crash inputs of the target; none is fine.
    var regressionFiles: [URL] {
        (try? FileManager.default.contentsOfDirectory(at: regressions, includingPropertiesForKeys: nil)) ?? []
    }

    /// Expects every `seed-<name>` file and the dictionary to hold what the generator makes.
    func expectCurrent(seeds: [(name: String, bytes: [UInt8])], dictionary text: String) throws {
        if Self.writing {
            try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: dictionary.deletingLastPathComponent(), withIntermediateDirectories: true)
            for seed in seeds { try Data(seed.bytes).write(to: corpus.appendingPathComponent("seed-\(seed.name)")) }
            try Data(text.utf8).write(to: dictionary)
        }
        for seed in seeds {
            let file = try Data(contentsOf: corpus.appendingPathComponent("seed-\(seed.name)"))
            #expect([UInt8](file) == seed.bytes, "Corpus/\(target)/seed-\(seed.name) is stale")
        }
        #expect(try String(contentsOf: dictionary, encoding: .utf8) == text)
    }
}
