import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz targets`: the fuzz targets, one a line, or as JSON for a CI matrix.
struct TargetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "targets",
        abstract: "List the fuzz targets (default: every one but the baseline, the ones replayed and fuzzed in CI)."
    )

    enum Selection: String, EnumerableFlag {
        /// Package.swift's fuzzTargets, the baseline included.
        case all
        /// The targets but the baseline, as a JSON array (the per-PR matrix).
        case json
        /// Package.swift's nightlyFuzzTargets.
        case nightly
        /// The targets but the baseline and the nightly ones, as a JSON array (the nightly matrix).
        case nightlyJson

        static func help(for value: Selection) -> ArgumentHelp? {
            switch value {
            case .all: "Every target of make fuzz, the baseline included."
            case .json: "Every target but the baseline, as a JSON array."
            case .nightly: "The nightly-only targets (on the SQLite back end)."
            case .nightlyJson: "Every target but the baseline and the nightly-only ones, as a JSON array."
            }
        }
    }

    @Flag var selection: Selection?

    func run() throws {
        let targets = try Project.current().targets()
        switch selection {
        case nil: targets.replayed.forEach { print($0) }
        case .all: targets.all.forEach { print($0) }
        case .nightly: targets.nightly.forEach { print($0) }
        case .json: print(try Self.json(targets.replayed))
        case .nightlyJson: print(try Self.json(targets.replayed + targets.nightly))
        }
    }

    static func json(_ names: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(names), as: UTF8.self)
    }
}
