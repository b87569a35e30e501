#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// One unfolded content line split into group, name, parameters and value, as byte ranges.
///
/// `[group "."] name *(";" parameter) ":" value`. Nothing is copied or decoded here: the
/// ranges index the line, and a property the library has no field for is never decoded at
/// all. The group is everything before the name's last dot, so `a.b.c.TEL` is one scan.
/// vCard 2.1's bare parameters (`TEL;HOME;VOICE:`) are kept with an empty name.
struct VCardContentLine {
    struct Parameter {
        /// Empty for a bare (2.1) parameter, whose value is its whole text.
        var name: Range<Int>
        /// The raw value, quotes included.
        var value: Range<Int>
    }

    var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var group: Range<Int>? = nil
    var name: Range<Int> = 0..<0
    var value: Range<Int> = 0..<0
    /// Reused from line to line, so parsing allocates only for a line with more parameters
    /// than any before it.
    var parameters: [Parameter] = []

    /// Parses `line` in place of the previous one.
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(VCardFailure) {
        self.line = line
        parameters.removeAll(keepingCapacity: true)
        group = nil
        guard let base = line.baseAddress, memchr(base, 58, line.count) != nil else {
            throw VCardFailure(.missingColon, "The line has no ':' between the property's name and its value.")
        }
        var index = 0
        var lastDot = -1
        while index < line.count {
            let byte = line[index]
            if byte == 58 || byte == 59 { break }  // ':' ';'
            if byte == 46 {
                lastDot = index
            } else if !VCardBytes.isNameByte(byte) {
                throw VCardFailure(.invalidName, "A property name may hold only letters, digits, '-' and a group's '.'.")
            }
            index += 1
        }
        let nameStart = lastDot + 1
        guard index > nameStart, lastDot != 0 else {
            throw VCardFailure(.invalidName, "The property has no name.")
        }
        if lastDot > 0 { group = 0..<lastDot }
        name = nameStart..<index
        while index < line.count, line[index] == 59 {
            index += 1
            let parameterStart = index
            while index < line.count {
                let byte = line[index]
                if byte == 61 || byte == 59 || byte == 58 { break }  // '=' ';' ':'
                index += 1
            }
            let parameterName = parameterStart..<index
            guard index < line.count else { break }
            if line[index] != 61 {
                if !parameterName.isEmpty { parameters.append(Parameter(name: index..<index, value: parameterName)) }
                continue
            }
            index += 1
            let valueStart = index
            var quoted = false
            while index < line.count {
                let byte = line[index]
                if byte == 34 {
                    quoted.toggle()
                } else if !quoted && (byte == 59 || byte == 58) {
                    break
                }
                index += 1
            }
            if quoted {
                throw VCardFailure(.unterminatedQuote, "A quoted parameter value has no closing quote.")
            }
            parameters.append(Parameter(name: parameterName, value: valueStart..<index))
        }
        guard index < line.count, line[index] == 58 else {
            throw VCardFailure(.missingColon, "The line has no ':' after the property's parameters.")
        }
        value = (index + 1)..<line.count
    }

    /// Whether the property's name is `literal` (an upper-case ASCII name), ignoring case.
    func nameIs(_ literal: StaticString) -> Bool { VCardBytes.equalsIgnoringCase(line, name, literal) }

    /// Whether the parameter's name is `literal`, ignoring case.
    func parameter(_ parameter: Parameter, isNamed literal: StaticString) -> Bool {
        VCardBytes.equalsIgnoringCase(line, parameter.name, literal)
    }

    /// The raw value of the first parameter named `literal`.
    func firstParameter(_ literal: StaticString) -> Range<Int>? {
        for parameter in parameters where VCardBytes.equalsIgnoringCase(line, parameter.name, literal) {
            return parameter.value
        }
        return nil
    }

    /// Calls `body` with each value of `TYPE` parameters and of bare parameters, split at
    /// commas, the quotes at either end of a piece removed (white space kept): `TYPE=work,voice`, `TYPE="work,voice"`, `;WORK;VOICE`.
    func forEachType(_ body: (Range<Int>) -> Void) {
        for parameter in parameters where parameter.name.isEmpty || VCardBytes.equalsIgnoringCase(line, parameter.name, "TYPE") {
            var start = parameter.value.lowerBound
            var index = start
            while index <= parameter.value.upperBound {
                if index == parameter.value.upperBound || line[index] == 44 {
                    var piece = start..<index
                    if !piece.isEmpty, line[piece.lowerBound] == 34 { piece = (piece.lowerBound + 1)..<piece.upperBound }
                    if !piece.isEmpty, line[piece.upperBound - 1] == 34 { piece = piece.lowerBound..<(piece.upperBound - 1) }
                    body(piece)
                    start = index + 1
                }
                index += 1
            }
        }
    }
}

/// Byte tests and comparisons shared by the reader and the writer.
enum VCardBytes {
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122, 45, 95: true  // digits, letters, '-', '_'
        default: false
        }
    }

    @inline(__always)
    static func upper(_ byte: UInt8) -> UInt8 { byte >= 97 && byte <= 122 ? byte - 32 : byte }

    /// Whether `buffer[range]` equals `literal` (upper-case ASCII), ignoring ASCII case.
    static func equalsIgnoringCase(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let pointer = literal.utf8Start
        var offset = 0
        for index in range {
            if upper(buffer[index]) != pointer[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether `buffer[range]` starts with `literal` (upper-case ASCII), ignoring ASCII case.
    static func hasPrefixIgnoringCase(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return equalsIgnoringCase(buffer, range.lowerBound..<(range.lowerBound + count), literal)
    }

    /// `range` without the spaces and tabs at either end.
    static func trimmingSpaces(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, buffer[lower] == 32 || buffer[lower] == 9 { lower += 1 }
        while upper > lower, buffer[upper - 1] == 32 || buffer[upper - 1] == 9 { upper -= 1 }
        return lower..<upper
    }

    /// The upper-cased ASCII text of a name, for reports.
    static func upperName(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        // A parsed name holds only name bytes (ASCII), so the copy is valid UTF-8.
        String(unsafeUninitializedCapacity: range.count) { target in
            for (offset, index) in range.enumerated() { target[offset] = upper(buffer[index]) }
            return range.count
        }
    }

    /// Whether `buffer[range]` is exactly `bytes`.
    static func equals(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ bytes: StaticString) -> Bool {
        guard range.count == bytes.utf8CodeUnitCount else { return false }
        let pointer = bytes.utf8Start
        var offset = 0
        for index in range {
            if buffer[index] != pointer[offset] { return false }
            offset += 1
        }
        return true
    }
}

extension VCardContentLine {
    /// The same line continued by a quoted-printable soft break: the head is unchanged, so
    /// only the value grows, and nothing is parsed twice.
    mutating func extend(to longer: UnsafeBufferPointer<UInt8>) {
        line = longer
        value = value.lowerBound..<longer.count
    }
}
