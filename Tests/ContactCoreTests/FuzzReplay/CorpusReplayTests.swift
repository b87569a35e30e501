import ContactCoreTesting
import Foundation
import Testing

/// Every checked-in fuzz input runs again on every `swift test`: each file of
/// `Corpus/<Target>/` and `Fuzz/Regressions/<Target>/`, for every target in `FuzzTarget`.
///
/// A folder that does not exist yet is fine (a new target has no corpus); a target list that
/// is empty is not. Targets with a checking entry point report the file and the printed
/// program as a test issue; the others trap as they do under libFuzzer.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    /// The repository root, found from this file: `Tests/ContactCoreTests/FuzzReplay/…`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(of target: FuzzTarget) -> [URL] {
        ["Corpus", "Fuzz/Regressions"].flatMap { folder in
            let directory = root.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    @Test func everyTargetIsReplayed() {
        #expect(!FuzzTarget.allCases.isEmpty)
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Package.swift").path),
                "the repository root is found from #filePath")
    }

    @Test(arguments: FuzzTarget.allCases)
    func replaysCheckedInInputs(of target: FuzzTarget) throws {
        for file in Self.inputs(of: target) {
            let bytes = try [UInt8](Data(contentsOf: file))
            let relative = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            switch target {
            case .permittedSet:
                if let failure = PermittedSetFuzz.check(bytes) { Issue.record("\(relative):\n\(failure)") }
            case .identifierFetch:
                if let failure = IdentifierFetchFuzz.check(bytes) { Issue.record("\(relative):\n\(failure)") }
            default:
                target.run(bytes)
            }
        }
    }
}
