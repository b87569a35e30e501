#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Turns raw value bytes into text: quoted-printable and base64 transfer encodings,
/// backslash escapes, RFC 6868 parameter escapes and character sets.
///
/// Escapes are read the same in every version (`\\`, `\,`, `\;`, `\:`, `\n`, `\N`; any other
/// backslash stays as written), so a 2.1 file that escapes like 3.0 still reads. A CR that a
/// transfer encoding decodes, alone or before LF, is a line break and reads as LF: a value's
/// line breaks are LF, as `\n` writes them. Quoted-printable
/// text has its CR LF line breaks turned into LF, as that encoding writes every line break as
/// `=0D=0A`. Text must be valid UTF-8 (no lone surrogates, no overlong forms) without NUL bytes,
/// unless its `CHARSET` names a single-byte set, or it is in a 2.1 card without `CHARSET`
/// (read as Windows-1252 when it is not UTF-8, as Outlook writes it).
struct VCardTextDecoder {
    enum Charset {
        case utf8
        /// vCard 2.1 without `CHARSET`: UTF-8 if the bytes are UTF-8, else Windows-1252,
        /// the code page Outlook writes in.
        case utf8OrWindows1252
        case latin1
        case windows1252
    }

    private let unescaped = VCardByteBuffer()
    let transferDecoded = VCardByteBuffer()

    // MARK: Transfer encodings

    /// Decodes quoted-printable `source[range]` into ``transferDecoded``.
    func decodeQuotedPrintable(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VCardFailure) {
        transferDecoded.removeAll()
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = source[index]
            if byte != 61 {  // '='
                if byte == 10, transferDecoded.count > 0, transferDecoded.view[transferDecoded.count - 1] == 13 {
                    transferDecoded.removeLast(1)
                }
                transferDecoded.append(byte)
                index += 1
                continue
            }
            if index + 1 == range.upperBound { break }  // a soft break at the very end
            guard index + 2 < range.upperBound,
                  let high = Self.hexValue(source[index + 1]), let low = Self.hexValue(source[index + 2])
            else {
                throw VCardFailure(.invalidQuotedPrintable, "'=' in quoted-printable text must be followed by two hexadecimal digits.")
            }
            let decoded = high << 4 | low
            if decoded == 10, transferDecoded.count > 0, transferDecoded.view[transferDecoded.count - 1] == 13 {
                transferDecoded.removeLast(1)
            }
            transferDecoded.append(decoded)
            index += 3
        }
    }

    /// Decodes base64 `source[range]` into ``transferDecoded``; white space is skipped.
    func decodeBase64(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VCardFailure) {
        transferDecoded.removeAll()
        // Cut text would be wrong text: only a photo is kept cut short.
        if try Self.decodeBase64(source, range, { transferDecoded.append($0) }) { throw Self.endsInsideAByte }
    }

    /// Base64 `source[range]` as data: white space skipped, padding optional, anything else an
    /// error; `cutShort` when the data ends six bits into a byte without padding, and then the
    /// whole bytes before the cut.
    static func base64Data(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VCardFailure) -> (data: Data, cutShort: Bool) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count / 4 * 3 + 3)
        let cutShort = try decodeBase64(source, range) { bytes.append($0) }
        return (Data(bytes), cutShort)
    }

    static let endsInsideAByte = VCardFailure(.invalidBase64, "Base64 data ends in the middle of a byte.")

    /// Whether the data ends six bits into a byte without padding (the bytes before are emitted).
    private static func decodeBase64(
        _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ emit: (UInt8) -> Void
    ) throws(VCardFailure) -> Bool {
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        let table = base64Values
        for index in range {
            let value = table[Int(source[index])]
            if value >= 64 {
                switch value {
                case skip: continue
                case pad:
                    padding += 1
                    continue
                default: throw VCardFailure(.invalidBase64, "Base64 data holds a character outside its alphabet.")
                }
            }
            guard padding == 0 else { throw VCardFailure(.invalidBase64, "Base64 data continues after its padding.") }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                emit(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // 6 leftover bits cannot make a byte; 2 or 4 are the padding's zeros.
        if bits == 6, padding == 0 { return true }
        guard bits != 6, padding <= 2 else { throw endsInsideAByte }
        return false
    }

    private static let skip: UInt8 = 0xFE
    private static let pad: UInt8 = 0xFD

    /// Each byte's base64 value; ``skip`` for white space, ``pad`` for `=`, 0xFF for invalid.
    /// A table, not comparisons: one load per byte, which keeps fuzzing's traced compares few.
    private static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        for byte in [32, 9, 13, 10] { table[byte] = skip }
        table[61] = pad
        return table
    }()

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }

    // MARK: Text

    /// The text of `source[range]` with backslash escapes undone.
    func text(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, charset: Charset = .utf8) throws(VCardFailure) -> String {
        let slice = UnsafeBufferPointer(rebasing: source[range])
        if let base = slice.baseAddress, memchr(base, 0, slice.count) != nil {
            throw VCardFailure(.nulByte, "The value contains a NUL byte.")
        }
        guard let base = slice.baseAddress, memchr(base, 92, slice.count) != nil || memchr(base, 13, slice.count) != nil else {
            return try Self.string(slice, charset: charset)
        }
        unescaped.removeAll()
        // A CR waits for what follows: CR LF (an escaped `\n` too) or a CR alone is one LF.
        var pendingCR = false
        func emit(_ byte: UInt8) {
            if pendingCR {
                pendingCR = false
                unescaped.append(10)
                if byte == 10 { return }
            }
            if byte == 13 { pendingCR = true } else { unescaped.append(byte) }
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = source[index]
            if byte == 92, index + 1 < range.upperBound {
                let next = source[index + 1]
                switch next {
                case 110, 78: emit(10)  // \n \N
                case 92, 44, 59, 58: emit(next)  // \\ \, \; \:
                default:
                    // Not an escape: the backslash stays, and the next byte is read as any other.
                    emit(byte)
                    index += 1
                    continue
                }
                index += 2
                continue
            }
            emit(byte)
            index += 1
        }
        if pendingCR { emit(0x0A) }
        return try Self.string(unescaped.view, charset: charset)
    }

    /// A parameter's value: quotes removed, RFC 6868's `^n`, `^'` and `^^` undone.
    func parameterText(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VCardFailure) -> String {
        unescaped.removeAll()
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = source[index]
            if byte == 0 { throw VCardFailure(.nulByte, "The parameter contains a NUL byte.") }
            if byte == 34 {
                index += 1
                continue
            }
            if byte == 94, index + 1 < range.upperBound {  // '^'
                switch source[index + 1] {
                case 110, 78:
                    unescaped.append(10)
                    index += 2
                    continue
                case 39:
                    unescaped.append(34)
                    index += 2
                    continue
                case 94:
                    unescaped.append(94)
                    index += 2
                    continue
                default: break
                }
            }
            unescaped.append(byte)
            index += 1
        }
        return try Self.string(unescaped.view, charset: .utf8)
    }

    /// Ranges of the `;`-separated components of a structured value (N, ADR, ORG), or of
    /// another separator's (`,` for NICKNAME); an escaped separator does not separate.
    static func components(
        _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8 = 59, into result: inout [Range<Int>]
    ) {
        result.removeAll(keepingCapacity: true)
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = source[index]
            if byte == 92 {
                index += 2
                continue
            }
            if byte == separator {
                result.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        result.append(start..<range.upperBound)
    }

    /// The text of bytes already checked for NUL (UTF-8), or checked here (single-byte sets).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, charset: Charset) throws(VCardFailure) -> String {
        switch charset {
        case .utf8, .utf8OrWindows1252:
            guard let text = String(validating: bytes, as: UTF8.self) else {
                if charset == .utf8OrWindows1252 { return try string(bytes, charset: .windows1252) }
                throw VCardFailure(.invalidUTF8, "The value is not valid UTF-8.")
            }
            return text
        case .latin1, .windows1252:
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                if byte == 0 { throw VCardFailure(.nulByte, "The value contains a NUL byte.") }
                if charset == .windows1252, (0x80...0x9F).contains(byte),
                   let scalar = Unicode.Scalar(windows1252High[Int(byte - 0x80)])
                {
                    scalars.append(scalar)
                } else {
                    scalars.append(Unicode.Scalar(byte))
                }
            }
            return String(scalars)
        }
    }

    /// Windows-1252's characters for 0x80–0x9F (undefined ones kept as the C1 control).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
