/// The checked-in inputs of fuzzing and where its results go (Fuzz/Crashes and Fuzz/Coverage
/// are git-ignored), relative to the package's folder.
public enum Layout {
    public static let corpusRoot = "Corpus"
    public static let regressionRoot = "Fuzz/Regressions"
    public static let crashRoot = "Fuzz/Crashes"
    public static let dictionaryRoot = "Fuzz/Dictionaries"
    public static let optionsRoot = "Fuzz/Options"
    public static let coverageRoot = "Fuzz/Coverage"
    public static let mutantsRoot = "Fuzz/Mutants"
    public static let racesRoot = "Fuzz/Races"

    /// The file names libFuzzer gives what it finds.
    public static let artifactPrefixes = ["crash-", "timeout-", "oom-", "leak-"]

    public static func dictionary(of target: String) -> String {
        "\(dictionaryRoot)/\(FuzzTargets.base(of: target)).dict"
    }

    /// The options files a target may have, in the order they are looked for: its own, its base
    /// target's, the default one.
    public static func optionsCandidates(of target: String) -> [String] {
        var names = [target]
        let base = FuzzTargets.base(of: target)
        if base != target { names.append(base) }
        return names.map { "\(optionsRoot)/\($0).options" } + ["\(optionsRoot)/default.options"]
    }
}
