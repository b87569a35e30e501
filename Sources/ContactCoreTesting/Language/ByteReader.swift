import ContactCore

/// Reads bytes; past the end every read is zero.
///
/// Recording (``Encoding``), it also writes down each byte it reads inside the input as the
/// least byte that reads the same (``settle(_:)``), and what a mutation may change it to.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private(set) var position: Int
    /// The bytes read inside the input, each as the least that reads the same; `nil` unless recording.
    private(set) var canonical: [UInt8]?
    /// For each byte of ``canonical``: how many values it has (256, or an index's count).
    private(set) var domains: [Int] = []
    /// Whether the last read was inside the input (a read past the end writes nothing down).
    private var lastInside = false
    /// Whether a read ran out of bytes: a byte past the end, a text cut short. Another byte
    /// after the end would have been read as part of what was being read then.
    private(set) var ranShort = false

    init(_ bytes: ArraySlice<UInt8>, recording: Bool = false) {
        self.bytes = bytes
        position = bytes.startIndex
        canonical = recording ? [] : nil
    }

    var isAtEnd: Bool { position >= bytes.endIndex }

    /// How many bytes ``canonical`` holds: where the next byte read will be written down.
    var recorded: Int { canonical?.count ?? 0 }

    mutating func byte() -> UInt8 {
        lastInside = position < bytes.endIndex
        guard lastInside else {
            ranShort = true
            return 0
        }
        defer { position += 1 }
        let byte = bytes[position]
        if canonical != nil {
            canonical?.append(byte)
            domains.append(256)
        }
        return byte
    }

    mutating func index(_ count: Int) -> Int {
        let value = Int(byte()) % count
        settle(UInt8(value), domain: count)
        return value
    }

    /// Writes `value` down for the last byte read: the least byte the decoder reads as it read
    /// that one. A choice of `domain` values when a mutation may pick any below it.
    mutating func settle(_ value: UInt8, domain: Int = 256) {
        guard lastInside, canonical != nil, let last = canonical?.indices.last else { return }
        canonical?[last] = value
        domains[last] = domain
    }

    /// Writes down for the last byte read the least byte that `readsTheSame`; only recording
    /// does it search.
    mutating func settle(_ readsTheSame: (UInt8) -> Bool) {
        guard lastInside, canonical != nil, let least = (0...UInt8.max).first(where: readsTheSame) else { return }
        settle(least)
    }

    /// One of `table`'s values, by a byte modulo its count; written down as the value's first position.
    mutating func choice(_ table: [Int]) -> Int {
        let value = table[index(table.count)]
        settle(UInt8(table.firstIndex(of: value) ?? 0), domain: table.count)
        return value
    }

    /// A byte of ``Decoder/rawByte`` or more as it is (a raw value follows), or an index below `count`.
    mutating func tableOrRaw(_ count: Int) -> UInt8 {
        let byte = byte()
        guard byte < Decoder.rawByte else { return byte }
        settle(byte % UInt8(count))
        return byte % UInt8(count)
    }

    /// Text of `count` scalars of any value: a byte below 0x80 is that ASCII scalar (a CR, a
    /// NUL, `^`, `;`, `\\`); a byte above it and the next two are a scalar's 21 bits (modulo
    /// U+110000, a surrogate moved past the surrogates).
    mutating func rawText(_ count: Int) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<count {
            guard !isAtEnd else {
                ranShort = true
                break
            }
            let lead = byte()
            guard lead >= 0x80 else {
                text.append(Unicode.Scalar(lead))
                continue
            }
            let bits = (UInt32(lead & 0x7F) << 16 | UInt32(byte()) << 8 | UInt32(byte())) % 0x11_0000
            let value = (0xD800..<0xE000).contains(bits) ? bits + 0x800 : bits
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        return String(text)
    }

    /// A date of any numbers: year (two bytes, when `byte`'s bit 0 is set), month and day.
    /// Each is mostly read near the contract's range (a year to 10,001, a month to 15, a day to
    /// 33); a year whose first byte is 0x80–0xBF is one of the range's edges, and a number
    /// whose first byte is 0xC0 or more is any value of its bytes (negative ones too). The
    /// calendar is the Gregorian, or with `byte`'s bits 1 and 2 set an unnamed one.
    mutating func rawDate(_ byte: UInt8) -> ContactDate {
        var year: Int?
        if byte & 1 != 0 {
            let (high, low) = (self.byte(), self.byte())
            year = switch high >> 6 {
            case 0, 1: (Int(high) << 8 | Int(low)) % 10_002
            case 2: [-1, 0, 1, 2, 9_998, 9_999, 10_000, 10_001][Int(low % 8)]
            default: Int(Int16(bitPattern: UInt16(high) << 8 | UInt16(low)))
            }
        }
        func number(near limit: UInt8) -> Int {
            let value = self.byte()
            return value < 0xC0 ? Int(value % (limit + 1)) : Int(Int8(bitPattern: value))
        }
        let month = number(near: 15)
        return ContactDate(calendar: byte & 6 == 6 ? "" : "gregorian", year: year, month: month, day: number(near: 33))
    }

    mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.endIndex, position + count)
        defer { position = end }
        canonical?.append(contentsOf: bytes[position..<end])
        if canonical != nil { domains += repeatElement(256, count: end - position) }
        return bytes[position..<end]
    }
}
