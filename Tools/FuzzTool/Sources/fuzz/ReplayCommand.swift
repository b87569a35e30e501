import ArgumentParser
import FuzzToolKit

/// `fuzz replay` (`make fuzz-replay`): every corpus and regression file through every target,
/// no fuzzing, in batches; a failing batch is run file by file to name the culprits.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Run every corpus and regression file through every target, no fuzzing.")

    static let batch = 200

    func run() throws {
        let project = try Project.current()
        let settings = project.settings
        let targets = try project.targets().replayed
        let roots = [Layout.corpusRoot, Layout.regressionRoot].filter(Files.isDirectory)
        let all = roots.flatMap { root in
            Files.filesRecursively(in: root).filter { path in
                let relative = path.dropFirst(root.count + 1)
                let name = relative.split(separator: "/").last ?? ""
                return relative.contains("/") && !name.hasPrefix(".") && !name.hasSuffix(".md")
            }
        }.sorted()
        try project.build(targets, settings.fuzzBuild())
        try Files.makeDirectory(settings.logDirectory)
        print("replay: \(all.count) files from \(roots.isEmpty ? "nowhere" : roots.joined(separator: " ")) "
            + "through \(targets.count) targets (\(settings.configuration.rawValue))")
        var passed = 0
        var failed = 0
        for target in targets {
            let log = "\(settings.logDirectory)/replay-\(target).log"
            let binary = settings.fuzzBuild().binary(target)
            var files = all
            // A target whose options say `[replay] inputs = own` (a slow one) replays only its own files.
            if try project.options(of: target).replaysOwnInputsOnly {
                files = all.filter {
                    $0.hasPrefix("\(Layout.corpusRoot)/\(target)/") || $0.hasPrefix("\(Layout.regressionRoot)/\(target)/")
                }
                print("  \(target): its own \(files.count) files only (its options' [replay] section)")
            }
            var targetFailed = 0
            for start in stride(from: 0, to: files.count, by: Self.batch) {
                let chunk = Array(files[start..<min(start + Self.batch, files.count)])
                if try runInputs(project, binary, log, chunk) {
                    passed += chunk.count
                    continue
                }
                // Something in this chunk failed: run its files one by one to name the culprits.
                var culprits = 0
                for file in chunk {
                    if try runInputs(project, binary, log, [file]) {
                        passed += 1
                    } else {
                        culprits += 1
                        print("FAIL \(target) \(file)")
                        LogExcerpts.failureLines(try Files.read(log)).forEach { print("    \($0)") }
                        print("    reproduce: make fuzz-repro CRASH=\(file) TARGET=\(target)")
                    }
                }
                if culprits == 0 {
                    culprits = 1
                    print("FAIL \(target): files \(start).. fail together but pass one by one (state kept between inputs?)")
                }
                failed += culprits
                targetFailed += culprits
            }
            print("  \(FuzzTable.pad(target, -22)) \(targetFailed == 0 ? "ok" : "\(targetFailed) failed")")
        }
        print("replay: \(passed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode.failure }
    }

    /// Runs each file once, no fuzzing; true when all passed.
    func runInputs(_ project: Project, _ binary: String, _ log: String, _ files: [String]) throws -> Bool {
        let seconds = project.settings.inputTimeout * files.count + 60
        return try project.shell.run(
            ["timeout", "--kill-after=10", "\(seconds)", binary, "-timeout=\(project.settings.inputTimeout)"] + files,
            output: .file(log)).succeeded
    }
}
