/// The fuzz targets, as Package.swift declares them: every executable target whose sources
/// are under `Fuzz/`, in the manifest's order. Those that depend on `ContactCoreTestingSQLite`
/// (the harness on the SQLite back end) are fuzzed by the nightly job only.
public struct FuzzTargets: Equatable, Sendable {
    /// The target that does nothing: its exec/s is the ceiling the others are read against.
    public static let baseline = "FuzzBaseline"
    /// The harness module whose dependents are the nightly-only targets.
    static let nightlyModule = "ContactCoreTestingSQLite"
    static let folder = "Fuzz/"

    /// Package.swift's `fuzzTargets`: every target of `make fuzz`, the baseline included.
    public let all: [String]
    /// Package.swift's `nightlyFuzzTargets`.
    public let nightly: [String]
    /// The targets of `make fuzz` with the custom mutator, whose corpora `fuzz canonicalize`
    /// rewrites (a vCard input is its own encoding; a `<Target>OnSQLite` has `<Target>`'s corpus).
    public let mutated: [String]
    /// The C module whose dependents declare libFuzzer's custom mutator.
    static let mutatorModule = "LibFuzzerMutate"

    public init(all: [String], nightly: [String], mutated: [String] = []) {
        self.all = all
        self.nightly = nightly
        self.mutated = mutated
    }

    /// The targets of a package, from `swift package dump-package`.
    public init(manifest: PackageManifest) {
        let fuzzers = manifest.targets.filter { $0.type == "executable" && ($0.path ?? "").hasPrefix(Self.folder) }
        all = fuzzers.filter { !$0.dependsOn(Self.nightlyModule) }.map(\.name)
        nightly = fuzzers.filter { $0.dependsOn(Self.nightlyModule) }.map(\.name)
        mutated = fuzzers.filter { !$0.dependsOn(Self.nightlyModule) && $0.dependsOn(Self.mutatorModule) }.map(\.name)
    }

    /// Every target but the baseline: the ones with corpora, replay and coverage.
    public var replayed: [String] { all.filter { $0 != Self.baseline } }

    /// The target whose seeds, dictionary and inputs a target shares: `<Target>` for `<Target>OnSQLite`.
    public static func base(of target: String) -> String {
        let suffix = "OnSQLite"
        return target.hasSuffix(suffix) ? String(target.dropLast(suffix.count)) : target
    }

    /// The name, when it is a target (of either list); else a usage error naming the known ones.
    public func check(_ name: String) throws(FuzzToolError) -> String {
        guard all.contains(name) || nightly.contains(name) else {
            throw .usage("unknown fuzz target '\(name)'; known: \(all.map { "\($0) " }.joined())"
                + "(nightly: \(nightly.map { "\($0) " }.joined()))")
        }
        return name
    }

    /// The target a crash file belongs to: `explicit` (TARGET) when given, else the first target
    /// (in list order) that names a folder of the file's absolute path.
    public func target(ofCrash absolutePath: String, explicit: String?) throws(FuzzToolError) -> String {
        if let explicit, !explicit.isEmpty { return try check(explicit) }
        let components = absolutePath.split(separator: "/").map(String.init)
        guard let found = (all + nightly).first(where: { components.contains($0) }) else {
            throw .usage("cannot tell the target of '\(absolutePath)' from its path; add TARGET=<Target>")
        }
        return found
    }
}
