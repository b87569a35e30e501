import Testing

/// The README's ContactCoreTestKit example is a block of the kit's tutorial, line for line:
/// CI builds and runs every block of the tutorial as a package (`scripts/tutorial-package.sh`),
/// so the README's example compiles against the current API and its property passes.
@Suite("Docs — the README's kit example is the tutorial's")
struct ReadmeKitExampleTests {
    static let repository = RepositoryText.shared
    static let tutorial = "Sources/ContactCoreTestKit/ContactCoreTestKit.docc/TestingYourAppsContactsCode.md"

    /// The ```swift blocks of a Markdown text, each as its lines.
    static func swiftBlocks(_ text: Substring) -> [[Substring]] {
        var blocks: [[Substring]] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theReadmeExampleIsABlockOfTheTutorial() throws {
        let readme = try #require(Self.repository.text("README.md"))
        let section = try #require(readme.split(separator: "\n## ").first { $0.hasPrefix("Testing your app's contacts code") },
                                   "README.md has no section \"Testing your app's contacts code\"")
        let example = try #require(Self.swiftBlocks(section).first, "the section has no swift block")
        #expect(example.contains { $0.contains("ContactsAppProperty.check") })
        let tutorial = try #require(Self.repository.text(Self.tutorial))
        // The tutorial's blocks that become files start with their path, as a comment.
        let files = Self.swiftBlocks(tutorial[...]).map { block in
            block.first?.hasPrefix("// Tests/") == true ? Array(block.dropFirst()) : block
        }
        #expect(files.contains(example), "README's example is not a block of \(Self.tutorial): change both")
    }
}
