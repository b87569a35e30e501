import Foundation

/// Makes identifiers that are unique in a store, never reused, and the same for the same
/// seed and sequence of calls, so tests and fuzz inputs replay exactly.
struct IdentifierGenerator: Hashable, Sendable {
    /// What an identifier names, after a colon: Apple's record types by their first letter
    /// (ABPerson, ABGroup, ABAccount, ABMultiValue).
    enum Kind: UInt8 {
        case contact = 0x50 // P
        case group = 0x47 // G
        case container = 0x41 // A
        case labeledValue = 0x4D // M
    }

    let seed: UInt64
    private let offset: UInt64
    private let key: UInt64
    private(set) var counter: UInt64 = 0

    init(seed: UInt64) {
        self.seed = seed
        offset = Self.mix(seed)
        key = Self.mix(seed ^ 0x5851_F42D_4C95_7F2D)
    }

    /// The generator of `seed` after `counter` identifiers: a reopened device continues here.
    init(seed: UInt64, counter: UInt64) {
        self.init(seed: seed)
        self.counter = counter
    }

    /// Two rounds of the SplitMix64 finalizer keyed by the seed. Each step is a bijection of
    /// the counter, so no two calls of one generator return the same 64 bits; and unlike a
    /// single linear step, the difference of two identifiers does not reveal how many others
    /// were made in between (an app could otherwise count the person's activity).
    ///
    /// The 64 bits are 13 Crockford base-32 digits, then a colon and the kind's letter:
    /// 15 UTF-8 bytes, which a `String` holds inline. A longer identifier is a heap object, so
    /// every contact and every saved labeled value would cost an allocation for it, and every
    /// search result, a reference count.
    mutating func next(_ kind: Kind) -> String {
        counter &+= 1
        let z = Self.mix(Self.mix(counter &+ offset) ^ key)
        return String(unsafeUninitializedCapacity: Self.length) { buffer in
            for index in 0..<Self.digitCount {
                let shift = UInt64(5 * (Self.digitCount - 1 - index))
                buffer[index] = Self.digits[Int((z >> shift) & 31)]
            }
            buffer[Self.digitCount] = UInt8(ascii: ":")
            buffer[Self.digitCount + 1] = kind.rawValue
            return Self.length
        }
    }

    /// Crockford's base-32 digits, in ASCII order (so identifiers of one kind sort as their
    /// numbers do); no I, L, O or U, which read as other characters.
    private static let digits = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    /// 13 × 5 bits hold 64.
    private static let digitCount = 13
    /// The digits, the colon and the kind: 15 bytes, the most a `String` keeps inline.
    static let length = digitCount + 2

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Identifier rules shared by every API: what counts as well formed, and how identifiers
/// compare and sort.
public enum ContactIdentifier {
    /// Longest identifier, in UTF-8 bytes, that can name a record; longer ones name nothing.
    public static let maximumLength = 256

    /// Decodes identifier bytes; `nil` (so: found nowhere) for invalid UTF-8.
    public static func decode(_ bytes: some Collection<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// Whether `identifier` could name a record at all: non-empty and at most ``maximumLength`` bytes.
    public static func isWellFormed(_ identifier: String) -> Bool {
        let count = identifier.utf8.count
        return count > 0 && count <= maximumLength
    }

    /// Exact equality of Unicode scalars: unlike `==` on `String`, canonically equivalent
    /// spellings (`"\u{212A}"` and `"K"`) are different identifiers.
    public static func areEqual(_ a: String, _ b: String) -> Bool {
        // Native strings hold their UTF-8 contiguously: compare the bytes at once.
        let bytewise = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                guard x.count == y.count, let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return memcmp(p, q, x.count) == 0
            }
        }
        return bytewise.flatMap { $0 } ?? a.utf8.elementsEqual(b.utf8)
    }

    /// The identifier order of every result: by UTF-8 bytes.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
