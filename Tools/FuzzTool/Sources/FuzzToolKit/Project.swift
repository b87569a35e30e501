import Foundation

/// The ContactCore checkout the tool works in: its folder (made the current one, so every path
/// the tool prints is relative to it, as `make` prints them), the variables, and the shell its
/// fuzzers run in.
public struct Project: Sendable {
    public let root: String
    public let settings: Settings
    public let shell: Shell
    /// Where llvm-cov, llvm-profdata and llvm-symbolizer are.
    public let toolchainBin: String

    /// The checkout around the current folder: the nearest folder up with a Package.swift and
    /// Fuzz/Options.
    public static func current() throws(FuzzToolError) -> Project {
        let environment = ProcessInfo.processInfo.environment
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while !Files.exists(folder.appendingPathComponent("Package.swift").path)
            || !Files.isDirectory(folder.appendingPathComponent(Layout.optionsRoot).path) {
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else {
                throw .usage("run it in ContactCore's folder (found no Package.swift beside Fuzz/Options up from here)")
            }
            folder = parent
        }
        guard FileManager.default.changeCurrentDirectoryPath(folder.path) else {
            throw .failure("cannot change to \(folder.path)")
        }
        return try Project(root: folder.path, environment: environment)
    }

    init(root: String, environment: [String: String]) throws(FuzzToolError) {
        self.root = root
        settings = try Settings(environment: environment)
        toolchainBin = Self.toolchainBin(environment)
        // Swift's backtracer is slow and fights the sanitizer's report; a per-process hash seed
        // can stop a crash from replaying. Every child runs with both turned off.
        var childEnvironment = ["SWIFT_BACKTRACE": "enable=no", "SWIFT_DETERMINISTIC_HASHING": "1"]
        let symbolizer = "\(toolchainBin)/llvm-symbolizer"
        if (environment["ASAN_SYMBOLIZER_PATH"] ?? "").isEmpty, Files.isExecutable(symbolizer) {
            childEnvironment["ASAN_SYMBOLIZER_PATH"] = symbolizer
        }
        shell = Shell(environment: childEnvironment)
    }

    /// TOOLCHAIN_BIN, else /opt/swift/usr/bin when it has llvm-cov, else the folder of `swift`.
    static func toolchainBin(_ environment: [String: String]) -> String {
        if let bin = environment["TOOLCHAIN_BIN"], !bin.isEmpty { return bin }
        if Files.isExecutable("/opt/swift/usr/bin/llvm-cov") { return "/opt/swift/usr/bin" }
        let path = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }
        guard let swift = path.first(where: Files.isExecutable) else { return "/usr/bin" }
        return URL(fileURLWithPath: Files.absolute(swift)).deletingLastPathComponent().path
    }

    /// The fuzz targets, read from the package's manifest by SwiftPM itself.
    public func targets() throws(FuzzToolError) -> FuzzTargets {
        let dump = try shell.run(["swift", "package", "dump-package"], output: .capture)
        guard dump.succeeded else { throw .failure("swift package dump-package failed (exit status \(dump.status))") }
        let targets = FuzzTargets(manifest: try PackageManifest(json: Data(dump.output.utf8)))
        guard !targets.all.isEmpty else {
            throw .failure("found no fuzz targets (executable targets under Fuzz/) in Package.swift")
        }
        return targets
    }

    /// A target's options file: its own, else its base target's, else the default one.
    public func optionsPath(of target: String) -> String {
        let candidates = Layout.optionsCandidates(of: target)
        return candidates.first(where: Files.exists) ?? candidates[candidates.count - 1]
    }

    public func options(of target: String) throws(FuzzToolError) -> OptionsFile {
        OptionsFile(text: try Files.read(optionsPath(of: target)))
    }

    /// Builds targets in one scratch folder (so the library compiles once), saying so first.
    public func build(_ targets: [String], _ build: FuzzBuild) throws(FuzzToolError) {
        for target in targets {
            print("build: \(target) (\(build.configuration.rawValue), \(build.instrumentation.rawValue)) in \(build.scratchPath)")
            let result = try shell.run(["swift"] + build.swiftArguments(product: target), environment: FuzzBuild.environment)
            guard result.succeeded else { throw .failure("the build of \(target) failed (exit status \(result.status))") }
        }
    }

    /// The crash-like files of a target in Fuzz/Crashes/<Target>/, sorted.
    public func artifacts(of target: String) -> [String] {
        Files.files(in: "\(Layout.crashRoot)/\(target)").filter { path in
            let name = URL(fileURLWithPath: path).lastPathComponent
            return Layout.artifactPrefixes.contains { name.hasPrefix($0) }
        }
    }
}
