import FuzzToolKit
import Testing

/// The target list read from a real `swift package dump-package` of ContactCore: exactly
/// Package.swift's `fuzzTargets` and `nightlyFuzzTargets`, in their order.
@Suite struct FuzzTargetsTests {
    static func targets() throws -> FuzzTargets {
        FuzzTargets(manifest: try PackageManifest(json: try Fixture.data("contactcore-dump-package.json")))
    }

    @Test func theListsOfPackageSwift() throws {
        let targets = try Self.targets()
        #expect(targets.all == [
            "FuzzIdentifierFetch", "FuzzPermittedSet", "FuzzSearchMatching", "FuzzChangeOrdering", "FuzzHistoryToken",
            "FuzzLargeStores", "FuzzVCard", "FuzzVCardExport", "FuzzBaseline",
        ])
        #expect(targets.nightly == [
            "FuzzPermittedSetOnSQLite", "FuzzSearchMatchingOnSQLite", "FuzzIdentifierFetchOnSQLite", "FuzzStorageFaults",
        ])
        #expect(targets.replayed == Array(targets.all.dropLast()))
        #expect(targets.mutated == Array(targets.all.prefix(8)))
    }

    @Test func anUnknownTargetNamesTheKnownOnes() throws {
        let targets = try Self.targets()
        #expect(try targets.check("FuzzStorageFaults") == "FuzzStorageFaults")
        let error = #expect(throws: FuzzToolError.self) { try targets.check("Nope") }
        #expect(error?.exitStatus == 2)
        #expect(error?.message == "unknown fuzz target 'Nope'; known: FuzzIdentifierFetch FuzzPermittedSet "
            + "FuzzSearchMatching FuzzChangeOrdering FuzzHistoryToken FuzzLargeStores FuzzVCard FuzzVCardExport "
            + "FuzzBaseline (nightly: FuzzPermittedSetOnSQLite FuzzSearchMatchingOnSQLite FuzzIdentifierFetchOnSQLite "
            + "FuzzStorageFaults )")
    }

    @Test func theTargetOfACrashFile() throws {
        let targets = try Self.targets()
        #expect(try targets.target(ofCrash: "/w/Fuzz/Crashes/FuzzVCard/crash-1", explicit: nil) == "FuzzVCard")
        #expect(try targets.target(ofCrash: "/w/Corpus/FuzzPermittedSetOnSQLite/x", explicit: nil)
            == "FuzzPermittedSetOnSQLite")
        #expect(try targets.target(ofCrash: "/tmp/crash-1", explicit: "FuzzHistoryToken") == "FuzzHistoryToken")
        #expect(throws: FuzzToolError.self) { try targets.target(ofCrash: "/tmp/crash-1", explicit: nil) }
        #expect(throws: FuzzToolError.self) { try targets.target(ofCrash: "/tmp/crash-1", explicit: "Nope") }
    }

    @Test func theBaseTarget() {
        #expect(FuzzTargets.base(of: "FuzzSearchMatchingOnSQLite") == "FuzzSearchMatching")
        #expect(FuzzTargets.base(of: "FuzzStorageFaults") == "FuzzStorageFaults")
    }
}
