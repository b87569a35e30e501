import FuzzToolKit
import Testing

/// The checkout's own options files, as ClusterFuzzLite reads them.
@Suite struct OptionsFileTests {
    @Test func theDefaultOptions() throws {
        let options = OptionsFile(text: try Fixture.checkoutText("Fuzz/Options/default.options"))
        #expect(options.libFuzzerFlags == ["-len_control=0", "-max_len=256", "-use_counters=0"])
        #expect(options.asanOptions(after: nil)
            == "malloc_context_size=0:quarantine_size_mb=0:detect_stack_use_after_return=0")
        #expect(options.asanOptions(after: "a=1")
            == "a=1:malloc_context_size=0:quarantine_size_mb=0:detect_stack_use_after_return=0")
        #expect(!options.replaysOwnInputsOnly)
    }

    @Test func theReplaySection() throws {
        let options = OptionsFile(text: try Fixture.checkoutText("Fuzz/Options/FuzzLargeStores.options"))
        #expect(options.replaysOwnInputsOnly)
        #expect(options.libFuzzerFlags == ["-len_control=0", "-max_len=256", "-use_counters=0"])
    }

    @Test func aCommentInsideASectionIsNoOption() throws {
        let options = OptionsFile(text: try Fixture.checkoutText("Fuzz/Options/FuzzStorageFaults.options"))
        #expect(options.libFuzzerFlags == ["-len_control=0", "-max_len=261", "-use_counters=0", "-detect_leaks=0"])
    }

    @Test func spacesAndUnknownSections() {
        let options = OptionsFile(text: "[libfuzzer]\n  max_len   =  12  \n# x = 1\n[other]\nrss_limit_mb = 1\n")
        #expect(options.libFuzzerFlags == ["-max_len=12"])
        #expect(options.options("other") == [OptionsFile.Option(name: "rss_limit_mb", value: "1")])
        #expect(options.asanOptions(after: nil) == "")
    }

    @Test func whichFileATargetReads() {
        #expect(Layout.optionsCandidates(of: "FuzzPermittedSetOnSQLite") == [
            "Fuzz/Options/FuzzPermittedSetOnSQLite.options", "Fuzz/Options/FuzzPermittedSet.options",
            "Fuzz/Options/default.options",
        ])
        #expect(Layout.optionsCandidates(of: "FuzzVCard") == ["Fuzz/Options/FuzzVCard.options", "Fuzz/Options/default.options"])
    }
}
