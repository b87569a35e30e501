import Foundation

/// A position in a device's change history (Apple's `currentHistoryToken`): present it to
/// ``ContactStore/changeHistory(for:)`` to get what changed since.
///
/// Opaque bytes that an app stores and hands back, never parses. Any bytes make a token:
/// a fetch checks them, and bytes that are malformed, from another device, from this
/// device's future or older than the history it keeps make a full sync instead of an error
/// (``FullSyncReason``). Tokens belong to the device, not to an app, and grow with every
/// commit; a `limited` app only ever gets ``limitedAccess``, which tells it nothing.
public struct HistoryToken: Hashable, Sendable, Codable {
    /// The encoded token, to store and later pass back to ``init(bytes:)``.
    public let bytes: [UInt8]

    /// Encoded as base64 text, as apps store tokens.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "A history token is base64 text."))
        }
        bytes = Array(data)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(bytes).base64EncodedString())
    }

    /// A token from stored bytes; checking them waits until a fetch.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The one token every `limited` app gets (as iOS gives): with it every fetch is a full
    /// sync, and presenting it after an upgrade to full access forces one more.
    public static let limitedAccess = HistoryToken(.limitedAccess)
}

extension HistoryToken {
    /// What a well-formed token says.
    package enum Position: Hashable, Sendable {
        case limitedAccess
        /// After the commit numbered `sequence` (0: before any) of the device `store`.
        case commit(store: UInt64, sequence: UInt64)
    }

    /// Layout, little-endian: version, kind, store (8 bytes), sequence (8), then a
    /// checksum (4) of everything before it, so a damaged token is malformed, not misread.
    package static let version: UInt8 = 1
    package static let encodedCount = 22
    private static let checksummedCount = 18
    private enum Kind: UInt8 {
        case commit = 0
        case limitedAccess = 1
    }

    package init(_ position: Position) {
        var bytes: [UInt8] = [Self.version]
        bytes.reserveCapacity(Self.encodedCount)
        let (kind, store, sequence): (Kind, UInt64, UInt64) = switch position {
        case .limitedAccess: (.limitedAccess, 0, 0)
        case .commit(let store, let sequence): (.commit, store, sequence)
        }
        bytes.append(kind.rawValue)
        Self.appendLittleEndian(store, to: &bytes)
        Self.appendLittleEndian(sequence, to: &bytes)
        Self.appendLittleEndian(Self.checksum(bytes), to: &bytes)
        self.bytes = bytes
    }

    /// The position the bytes encode, or `nil` for bytes no device would write: wrong
    /// length, unknown version or kind, bad checksum, or a limited token with a payload.
    /// Every token has exactly one encoding, so equal positions mean equal bytes.
    package var position: Position? {
        guard bytes.count == Self.encodedCount, bytes[0] == Self.version else { return nil }
        let checksum = UInt32(truncatingIfNeeded: Self.readLittleEndian(bytes[Self.checksummedCount...]))
        guard checksum == Self.checksum(bytes[..<Self.checksummedCount]) else { return nil }
        let store = Self.readLittleEndian(bytes[2..<10])
        let sequence = Self.readLittleEndian(bytes[10..<18])
        switch Kind(rawValue: bytes[1]) {
        case .commit: return .commit(store: store, sequence: sequence)
        case .limitedAccess: return store == 0 && sequence == 0 ? .limitedAccess : nil
        case nil: return nil
        }
    }

    /// The identity a device writes into its tokens, mixed from its
    /// ``ContactDevice/init(seed:identity:defaultSortOrder:historyLimit:)`` identity (random
    /// unless given). SplitMix64 is a bijection, so devices of different identities never share one.
    package static func storeIdentity(_ identity: UInt64) -> UInt64 {
        var z = identity ^ 0x4849_5354_4F52_5931  // "HISTORY1": keeps it apart from identifier streams
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a, 32 bits.
    private static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        bytes.reduce(0x811C_9DC5) { ($0 ^ UInt32($1)) &* 0x0100_0193 }
    }

    private static func appendLittleEndian(_ value: some FixedWidthInteger, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func readLittleEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
