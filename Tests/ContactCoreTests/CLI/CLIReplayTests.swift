import ContactCore
import ContactCoreTesting
import Foundation
import Testing

/// `contactcore replay`: a fuzz input through the harness's one engine, printed as a test.
@Suite("contactcore — replay")
struct CLIReplayTests {
    /// The first regression file of each target that has one, and the first corpus file of
    /// FuzzVCard, FuzzVCardExport and FuzzSearchMatching (each checked by its own rules; the last also by the runner).
    static var inputs: [String] {
        let regressions = ReplayTests.inputs(under: "Fuzz/Regressions")
        let firsts = Dictionary(regressions.map { ($0.target, $0.path) }, uniquingKeysWith: { first, _ in first })
        return firsts.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value)
            + [FuzzTarget.vCard, .vCardExport, .searchMatching].compactMap { target in
                ReplayTests.inputs(under: "Corpus").first { $0.target == target }?.path
            }
    }

    @Test(arguments: inputs)
    func aPassingInputPrintsItsScenario(_ path: String) async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let run = try await tool.succeed("replay", path)
        let target = try #require(FuzzTarget.allCases.first { path.contains("/\($0.rawValue)/") })
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(run.text == "// \(target.rawValue) on \(path): \(bytes.count) bytes.\n\(target.replay(bytes).test)\n")
        #expect(run.text.contains("@Test func replay() {\n    // Passes every rule.\n"))
        let check = switch target {
        case .vCard: "VCardCheck.check(input)"
        case .vCardExport: "VCardExportCheck.check(input)"
        case .searchMatching: "FuzzTarget.searchMatching.run(program)"
        default: "Runner.run(program)"
        }
        #expect(run.text.contains("#expect(\(check) == nil)"))
    }

    @Test func theTargetComesFromTheOptionWhenThePathDoesNotSayIt() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let source = try #require(ReplayTests.inputs(under: "Fuzz/Regressions").first { $0.target == .permittedSet })
        try FileManager.default.copyItem(atPath: source.path, toPath: tool.path("crash-1"))
        let run = try await tool.run("replay", "crash-1")
        #expect(run.status == 2 && run.error.contains("add --target"), "\(run)")
        let named = try await tool.succeed("replay", "crash-1", "--target", "permittedset")
        #expect(named.text.hasPrefix("// FuzzPermittedSet on crash-1:"))
        try await tool.fail("replay", "missing", "--target", "FuzzPermittedSet", code: "ToolError 4")
    }

    /// The failure path, in process: a back end that loses the device on reopening breaks
    /// SPEC 13, and the replay reduces the input and prints the rule in the test.
    @Test func aFailingInputIsReducedAndPrintedWithItsRule() async throws {
        let source = try #require(ReplayTests.inputs(under: "Fuzz/Regressions").first { $0.target == .permittedSet })
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source.path)))
        let forgetful = BackEnd(name: "forgetful", adopt: { $0 }, reopen: { _ in ContactDevice(seed: 1, identity: 1) }, finish: { _ in })
        let replay = FuzzTarget.permittedSet.replay(bytes, on: forgetful)
        let failure = try #require(replay.failure)
        #expect(failure.rule == "SPEC 13 persistent store")
        #expect(replay.input.count <= bytes.count)
        #expect(replay.test.hasPrefix("@Test func replay() {\n    // SPEC 13 persistent store at operation "))
        #expect(replay.test.hasSuffix("    #expect(Runner.run(program) == nil)\n}"))
        #expect(FuzzTarget.permittedSet.replay(bytes).failure == nil)
    }
}
