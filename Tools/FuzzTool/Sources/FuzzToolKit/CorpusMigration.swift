/// What `fuzz canonicalize` does to a corpus: each file becomes its canonical encoding, which
/// the target writes under the FNV-1a hash of the file's bytes (``name(of:)``). A file whose
/// encoding an earlier file already has, or that encodes no program, goes; generated seeds
/// (`seed-*`) come first, so they keep their names.
public enum CorpusMigration {
    public enum Change: Equatable, Sendable {
        case rewrite(name: String, bytes: [UInt8])
        case remove(name: String)
    }

    /// The name the harness gives the canonical encoding of `bytes`: FNV-1a, 64 bits, in hexadecimal.
    public static func name(of bytes: [UInt8]) -> String {
        String(bytes.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }, radix: 16)
    }

    /// The changes that make `files` canonical; `canonical` answers a file's encoding by
    /// ``name(of:)``, or `nil` when the target wrote none (the file stays as it is).
    public static func plan(_ files: [(name: String, bytes: [UInt8])], canonical: (String) -> [UInt8]?) -> [Change] {
        let ordered = files.sorted { ($0.name.hasPrefix("seed-") ? 0 : 1, $0.name) < ($1.name.hasPrefix("seed-") ? 0 : 1, $1.name) }
        var kept: Set<[UInt8]> = []
        var changes: [Change] = []
        for file in ordered {
            guard let encoding = canonical(name(of: file.bytes)) else { continue }
            if encoding.isEmpty || !kept.insert(encoding).inserted {
                changes.append(.remove(name: file.name))
            } else if encoding != file.bytes {
                changes.append(.rewrite(name: file.name, bytes: encoding))
            }
        }
        return changes
    }
}
