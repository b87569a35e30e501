import ArgumentParser
import FuzzToolKit

/// `fuzz build`: builds fuzz targets (default: every one of `make fuzz`) as FUZZ_CONFIG,
/// FUZZ_SCRATCH and FUZZ_STATIC_STDLIB say; .clusterfuzzlite/build.sh calls it.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build fuzz targets with libFuzzer and a sanitizer in one scratch folder."
    )

    @Option(help: "address (fuzzing) or coverage (source coverage).")
    var sanitizer: String = "address"

    @Argument(help: "The targets (default: every target of make fuzz).")
    var targets: [String] = []

    func run() throws {
        let project = try Project.current()
        guard let instrumentation = FuzzBuild.Instrumentation(rawValue: sanitizer) else {
            throw FuzzToolError.usage("unsupported sanitizer '\(sanitizer)' (address or coverage)")
        }
        let known = try project.targets()
        let names = try targets.isEmpty ? known.all : targets.map { name throws(FuzzToolError) in try known.check(name) }
        try project.build(names, project.settings.fuzzBuild(instrumentation))
    }
}
