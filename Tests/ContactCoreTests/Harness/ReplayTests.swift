import ContactCoreTesting
import ContactCoreTestingSQLite
import Foundation
import Synchronization
import Testing

/// Every checked-in corpus and regression file, through the target it belongs to: a file that
/// breaks a rule fails here with its reduced program, as Go's native fuzzing does with testdata.
@Suite struct ReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Input: CustomTestStringConvertible, Sendable {
        let target: FuzzTarget
        let path: String
        var testDescription: String { "\(target.rawValue)/\(URL(fileURLWithPath: path).lastPathComponent)" }
    }

    static func inputs(under folder: String) -> [Input] {
        FuzzTarget.allCases.flatMap { target in
            let directory = root.appendingPathComponent("\(folder)/\(target.rawValue)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.sorted().map { Input(target: target, path: directory.appendingPathComponent($0).path) }
        }
    }

    @Test(arguments: inputs(under: "Fuzz/Regressions"))
    func regression(_ input: Input) throws {
        try replay(input)
    }

    @Test(arguments: inputs(under: "Corpus"))
    func corpus(_ input: Input) throws {
        try replay(input)
    }

    /// SPEC 13 on SQLite: every regression, and every `sqliteSampleStride`-th corpus file of
    /// each target (the whole corpus would add minutes to CI; the sample is fixed, so a
    /// failure replays).
    static let sqliteSampleStride = 20

    @Test(arguments: inputs(under: "Fuzz/Regressions") + sample(inputs(under: "Corpus")) + sqliteRegressions())
    func onSQLite(_ input: Input) throws {
        try replay(input, on: .sqlite)
    }

    /// What the nightly `<Target>OnSQLite` fuzzers found: `<Target>`'s inputs, which broke a
    /// rule on the SQLite back end only.
    static func sqliteRegressions() -> [Input] {
        FuzzTarget.allCases.flatMap { target in
            let directory = root.appendingPathComponent("Fuzz/Regressions/\(target.rawValue)OnSQLite")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.sorted().map { Input(target: target, path: directory.appendingPathComponent($0).path) }
        }
    }

    static func sample(_ inputs: [Input]) -> [Input] {
        inputs.enumerated().filter { $0.offset % sqliteSampleStride == 0 }.map(\.element)
    }

    /// Failures reduced and printed so far: a bug breaks many corpus files at once, and
    /// reducing each would take minutes; the first few say all there is to say.
    static let explained = Mutex(0)

    func replay(_ input: Input, on backEnd: BackEnd = .memory) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input.path)))
        guard let failure = input.target.check(bytes, on: backEnd) else { return }
        if Self.explained.withLock({ count in count += 1; return count <= 5 }),
           let (reduced, bytes) = input.target.explain(bytes, on: backEnd) {
            Issue.record("\(input.testDescription) \(reduced)\n\nreduced input: \(bytes)")
        } else {
            Issue.record("\(input.testDescription) \(failure)")
        }
    }

    @Test func everyTargetHasSeedsAndTheRegressionsExist() {
        for target in FuzzTarget.allCases {
            #expect(Self.inputs(under: "Corpus").contains { $0.target == target }, "no corpus for \(target.rawValue)")
        }
    }
}
