import FuzzToolKit
import Testing

@Suite struct FuzzBuildTests {
    @Test func theFuzzBuild() {
        let build = FuzzBuild(configuration: .release, scratchPath: ".build-fuzz")
        #expect(build.swiftArguments(product: "FuzzVCard") == [
            "build", "-c", "release", "--scratch-path", ".build-fuzz", "--sanitize=fuzzer", "-Xswiftc", "-use-ld=lld",
            "-Xswiftc", "-sanitize=fuzzer,address", "--product", "FuzzVCard",
        ])
        #expect(build.binary("FuzzVCard") == ".build-fuzz/release/FuzzVCard")
    }

    /// The variable the tool sets is the one Package.swift reads: else the harness keeps its
    /// comparison tracing, and every target runs a sixth slower without a failure to say so.
    @Test func theBuildEnvironmentIsTheOnePackageSwiftReads() throws {
        let manifest = try Fixture.checkoutText("Package.swift")
        let names = FuzzBuild.environment.keys.filter { manifest.contains("Context.environment[\"\($0)\"]") }
        #expect(names == ["CONTACTCORE_FUZZ_BUILD"])
    }

    @Test func theCoverageAndStaticBuilds() {
        let build = FuzzBuild(configuration: .debug, scratchPath: ".build-fuzz-cov", instrumentation: .coverage,
                              staticStdlib: true)
        #expect(build.flags == [
            "--sanitize=fuzzer", "-Xswiftc", "-use-ld=lld", "-Xswiftc", "-profile-generate", "-Xswiftc",
            "-profile-coverage-mapping", "--static-swift-stdlib",
        ])
        #expect(build.binary("FuzzVCard") == ".build-fuzz-cov/debug/FuzzVCard")
    }

    @Test func theVariables() throws {
        let settings = try Settings(environment: ["FUZZ_CONFIG": "debug", "FUZZ_ARGS": "-max_len=12  -runs=3"])
        #expect(settings.fuzzBuild().scratchPath == ".build-fuzz-debug")
        #expect(settings.fuzzArguments == ["-max_len=12", "-runs=3"])
        #expect(settings.fuzzSeconds == 20)
        let wrongConfig = #expect(throws: FuzzToolError.self) { try Settings(environment: ["FUZZ_CONFIG": "fast"]) }
        #expect(wrongConfig?.message == "FUZZ_CONFIG must be release or debug, not 'fast'")
        #expect(wrongConfig?.exitStatus == 2)
        #expect(throws: FuzzToolError.self) { try Settings(environment: ["JOBS": "two"]) }
    }
}
