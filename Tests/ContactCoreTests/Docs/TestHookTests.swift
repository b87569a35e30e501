import Testing

/// What the library keeps for its own tests and benchmarks sits in one folder behind one
/// switch: `Sources/ContactCore/Hooks/`, reached only through `@_spi(Hooks) import ContactCore`.
@Suite("Docs — the library's test hooks live in Hooks/ behind @_spi(Hooks)")
struct TestHookTests {
    static let hooks = "Sources/ContactCore/Hooks/"

    @Test func everyHookIsBehindTheHooksSPIAndNothingElseIs() {
        let library = RepositoryText.shared.paths.filter { $0.hasPrefix("Sources/ContactCore/") && $0.hasSuffix(".swift") }
        let hookFiles = library.filter { $0.hasPrefix(Self.hooks) }
        #expect(hookFiles.count == 3, "found \(hookFiles)")
        for path in library {
            let text = RepositoryText.shared.text(path) ?? ""
            let spis = text.components(separatedBy: "@_spi(").dropFirst().map { $0.prefix { $0 != ")" } }
            if path.hasPrefix(Self.hooks) {
                #expect(!spis.isEmpty, "\(path) declares no @_spi(Hooks) entry")
                #expect(spis.allSatisfy { $0 == "Hooks" }, "\(path) uses another SPI: \(spis)")
                #expect(!text.contains("\npackage ") && !text.contains(" package "), "\(path) reaches the harness by `package` access, not the SPI")
            } else {
                #expect(spis.isEmpty, "\(path) declares an SPI outside \(Self.hooks)")
            }
        }
    }

    @Test func onlyTheHarnessAndTheBenchmarksImportTheHooks() {
        let importers = RepositoryText.shared.paths.filter { path in
            path.hasSuffix(".swift") && (RepositoryText.shared.text(path) ?? "").split(separator: "\n").contains { $0.hasPrefix("@_spi(Hooks) import") }
        }
        #expect(importers.count == 3, "found \(importers)")
        for path in importers {
            #expect(["Sources/ContactCoreTesting/", "Benchmarks/Benchmarks/"].contains { path.hasPrefix($0) },
                    "\(path) imports the test hooks; an app, the CLI or the test kit never should")
        }
    }
}
