import Foundation
import Testing

/// Every `Fuzz/Races/*.race` still applies: each text it replaces occurs exactly once in its
/// file (after the edits before it), so `make races` keeps measuring every planted race.
@Suite struct RacePatchTests {
    static let folder = ReplayTests.root.appendingPathComponent("Fuzz/Races")

    static var races: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".race") }.sorted()
    }

    @Test func thereAreAtLeastFour() {
        #expect(Self.races.count >= 4)
    }

    @Test(arguments: races)
    func appliesOnce(_ race: String) throws {
        let lines = try String(contentsOf: Self.folder.appendingPathComponent(race), encoding: .utf8).split(separator: "\n")
        var files: [String: String] = [:]
        var path: String?
        var old: String?
        var edits = 0
        for line in lines {
            if line.hasPrefix("file: ") {
                let name = String(line.dropFirst(6))
                path = name
                if files[name] == nil {
                    files[name] = try String(contentsOf: ReplayTests.root.appendingPathComponent(name), encoding: .utf8)
                }
            } else if line.hasPrefix("- ·") {
                old = line.dropFirst(3).replacingOccurrences(of: "\\n", with: "\n")
            } else if line.hasPrefix("+ ·"), let path, let old, let text = files[path] {
                let new = line.dropFirst(3).replacingOccurrences(of: "\\n", with: "\n")
                #expect(text.components(separatedBy: old).count - 1 == 1, "\(path) must hold the text to replace exactly once")
                #expect(old != new)
                files[path] = text.replacingOccurrences(of: old, with: new)
                edits += 1
            }
        }
        #expect(edits > 0)
    }
}
