/// Reads a fuzz input the way LLVM's `FuzzedDataProvider` does: every read succeeds.
///
/// Once the bytes run out, reads return zero (and byte runs come back short or empty), so any
/// byte string, however short or odd, decodes to something. Nothing here can trap.
public struct ByteReader: Sendable {
    private let bytes: [UInt8]
    private var position: Int

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = 0
    }

    /// Whether every byte has been read; further reads return zeros.
    public var isAtEnd: Bool { position >= bytes.count }

    public var remainingCount: Int { max(0, bytes.count - position) }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<count` from one byte (0 when `count` is 0).
    public mutating func index(below count: Int) -> Int {
        let value = Int(byte())
        return count > 0 ? value % count : 0
    }

    /// One of `choices`, chosen by one byte.
    public mutating func pick<T>(_ choices: [T]) -> T? {
        let position = index(below: choices.count)
        return choices.isEmpty ? nil : choices[position]
    }

    /// Up to `count` bytes: fewer when the input ends first.
    public mutating func bytes(upTo count: Int) -> [UInt8] {
        let taken = min(max(0, count), remainingCount)
        defer { position += taken }
        return Array(bytes[position ..< position + taken])
    }

    /// Every byte not read yet.
    public mutating func rest() -> [UInt8] { bytes(upTo: remainingCount) }

    /// A length-prefixed record: one length byte, then that many bytes (fewer at the end of
    /// the input) as a reader of their own. `nil` once the input is used up.
    ///
    /// Framing keeps a change inside one record from shifting how every later record decodes,
    /// which helps both libFuzzer's mutations and the property tests' shrinking.
    public mutating func record() -> ByteReader? {
        guard !isAtEnd else { return nil }
        let length = Int(byte())
        return ByteReader(bytes(upTo: length))
    }
}
