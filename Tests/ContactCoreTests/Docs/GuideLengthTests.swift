import Testing

/// A README is a guide a reader takes in at one sitting: at most 250 lines, with dated
/// figures and diaries kept in the RESULTS files beside it.
@Suite("Docs — every README is a guide of at most 250 lines")
struct GuideLengthTests {
    @Test func everyReadmeHasAtMost250Lines() {
        let readmes = RepositoryText.shared.markdownPaths.filter { $0 == "README.md" || $0.hasSuffix("/README.md") }
        #expect(readmes.count >= 3, "found \(readmes)")
        for path in readmes {
            let lines = (RepositoryText.shared.text(path) ?? "").split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 250, "\(path) has \(lines) lines")
        }
    }
}
