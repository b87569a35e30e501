import ArgumentParser
import ContactCoreTesting
import Foundation

/// `contactcore replay`: one fuzz input through the harness, printed as a Swift test.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a fuzz corpus or crash file through its target and print it as a Swift test.",
        discussion: """
            The same engine as the fuzzers, `make fuzz-repro` and the corpus replay in swift \
            test: the input is decoded into a program, run on a device and on the reference \
            model, and printed as the test the program printer writes. If it breaks a rule, it \
            is first reduced as the fuzzers reduce it, the test shows the reduced program, the \
            broken rule is one line on standard error and the exit status is 1.

            The target comes from --target or from the file's path (Corpus/<Target>/…, \
            Fuzz/Regressions/<Target>/…, Fuzz/Crashes/<Target>/…). Targets: \
            \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")).

            Examples:
              contactcore replay Corpus/FuzzVCard/001e929d6eb99fcc0e693f15f865b88ac289e7c2
              contactcore replay crash-5d41402abc4b2a76 --target FuzzPermittedSet
            """
    )

    @Argument(help: ArgumentHelp("The input file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The fuzz target, e.g. FuzzPermittedSet (default: from the file's path).", valueName: "target"))
    var target: String?

    func validate() throws {
        _ = try resolvedTarget()
    }

    func run() throws {
        let target = try resolvedTarget()
        let bytes = [UInt8](try InputFile.read(file, what: "fuzz input"))
        let replay = target.replay(bytes)
        // A failure's reduced input is what to keep as a regression file.
        let reduced = replay.failure == nil ? "." : ", reduced to \(replay.input.count) bytes: \(replay.input)"
        Output.lines(["// \(target.rawValue) on \(file): \(bytes.count) bytes\(reduced)", replay.test])
        if let failure = replay.failure {
            throw ToolError(.brokenRule, "\(target.rawValue) breaks \(failure.rule) at operation \(failure.step): \(failure.detail)")
        }
    }

    /// `--target`, by name with or without `Fuzz` and in any case, else the folder of the path
    /// named after a target (as the fuzzing tool, Tools/FuzzTool, finds it).
    private func resolvedTarget() throws -> FuzzTarget {
        if let target {
            let wanted = target.lowercased()
            guard let found = FuzzTarget.allCases.first(where: {
                $0.rawValue.lowercased() == wanted || $0.rawValue.lowercased() == "fuzz" + wanted
            }) else {
                throw ValidationError("Unknown fuzz target \"\(target)\"; the targets are \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return found
        }
        let components = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().pathComponents
        guard let found = components.reversed().lazy.compactMap(FuzzTarget.init(rawValue:)).first else {
            throw ValidationError("Cannot tell the fuzz target of \(file) from its path; add --target.")
        }
        return found
    }
}
