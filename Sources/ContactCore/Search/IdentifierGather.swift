/// Copies the identifiers of a search's slots out of the index's table into its result: what a
/// search that finds a fifth of a million contacts spends most of its time on.
///
/// An identifier is 15 bytes (``IdentifierGenerator``), which a `String` holds inline, and
/// such a string is immortal: the runtime skips its reference counting, so its 16 bytes copied
/// are a whole copy. Copied as a `String`, each one cost two calls into the runtime that do
/// nothing, a quarter of a large search's time. Any other string is copied as a `String`.
enum IdentifierGather {
    typealias Slot = PrefixIndex.Slot

    /// Gathers the identifiers at `slots` into `output` (uninitialized, room for every slot),
    /// skipping free slots; returns how many it wrote.
    static func gather(_ slots: UnsafeBufferPointer<Slot>, from table: UnsafeBufferPointer<String?>,
                       into output: UnsafeMutableBufferPointer<String>) -> Int {
        guard let table = table.baseAddress, let output = output.baseAddress else { return 0 }
        var count = 0
        guard copiesInlineStrings else {
            for slot in slots {
                guard let identifier = table[Int(slot)] else { continue }
                (output + count).initialize(to: identifier)
                count += 1
            }
            return count
        }
        let source = UnsafeRawPointer(table), target = UnsafeMutableRawPointer(output)
        let stride = MemoryLayout<String>.stride
        for slot in slots {
            let from = Int(slot) * stride, to = count * stride
            let first = source.load(fromByteOffset: from, as: UInt64.self)
            let second = source.load(fromByteOffset: from + 8, as: UInt64.self)
            if (first, second) == free { continue }
            if second & immortalBit != 0 {
                target.storeBytes(of: first, toByteOffset: to, as: UInt64.self)
                target.storeBytes(of: second, toByteOffset: to + 8, as: UInt64.self)
            } else if let identifier = table[Int(slot)] {
                (output + count).initialize(to: identifier)
            }
            count += 1
        }
        return count
    }

    /// The high bit of a 64-bit `String`'s second word: when set, the runtime never counts the
    /// string's references (the standard library's `_StringObject` calls it "isImmortal").
    private static let immortalBit: UInt64 = 1 << 63

    /// A free slot's bytes: `nil` as `String?` spells it.
    private static let free: (UInt64, UInt64) = words(of: nil)

    /// Whether this platform lays strings out as ``immortalBit`` assumes, checked once on
    /// strings of this process: a `String` of two 64-bit words, an inline identifier with the
    /// bit set, a string on the heap without it, and `nil` told apart from both. Otherwise
    /// every identifier is copied as a `String`.
    private static let copiesInlineStrings: Bool = {
        guard MemoryLayout<String>.size == 16, MemoryLayout<String?>.size == 16 else { return false }
        let inline = "0123456789ABC:P", heap = String(repeating: "identifier", count: 4)
        return words(of: inline).1 & immortalBit != 0 && words(of: heap).1 & immortalBit == 0
            && words(of: inline) != free && words(of: heap) != free
    }()

    private static func words(of string: String?) -> (UInt64, UInt64) {
        withUnsafeBytes(of: string) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
    }
}
