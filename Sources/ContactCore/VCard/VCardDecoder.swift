#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Reads a whole file: cards, their boundaries, limits, and (leniently) recovery.
///
/// One pass over the bytes. A strict read throws the first problem. A lenient read drops a
/// property that does not read, with a warning, and keeps its card (a card the end of the
/// data closes is kept too); it records one error for a card it drops whole (a `BEGIN:VCARD`
/// before its `END:VCARD`, a limit) and skips to its `END:VCARD` (or to the next
/// `BEGIN:VCARD`), one error for each run of lines outside any card, and stops at a limit on
/// the whole file.
struct VCardDecoder {
    private var reader: VCardLineReader
    private let limits: VCardLimits
    private let lenient: Bool
    private var line = VCardContentLine()
    private let text = VCardTextDecoder()

    private var contacts: [MutableContact] = []
    private var errors: [VCardError] = []
    private var warnings: [VCardError] = []
    private var report = VCardImportReport()

    /// Reused for every card; `cardOpen` says whether one is being read.
    private var builder = VCardCardBuilder()
    private var cardOpen = false
    private var cardsBegun = 0
    private var cardStartLine = 0
    private var propertyCount = 0
    private var skipping = false
    private var strayReported = false

    private init(_ bytes: UnsafeBufferPointer<UInt8>, limits: VCardLimits, lenient: Bool) {
        reader = VCardLineReader(bytes, maximumLineLength: max(limits.maximumLineLength, 0))
        self.limits = limits
        self.lenient = lenient
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, limits: VCardLimits, lenient: Bool) throws(VCardError) -> VCardImport {
        guard bytes.count <= limits.maximumFileSize else {
            let error = VCardError(.fileTooLarge, card: 0, line: 0,
                                   "The data is \(bytes.count) bytes; the limit is \(limits.maximumFileSize).")
            if lenient { return VCardImport(contacts: [], errors: [error], report: VCardImportReport()) }
            throw error
        }
        var decoder = VCardDecoder(bytes, limits: limits, lenient: lenient)
        // One allocation for the result: growing it by doubling would hold two copies at once.
        decoder.contacts.reserveCapacity(min(countMarkers(bytes), limits.maximumCards))
        try decoder.run()
        return VCardImport(contacts: decoder.contacts, errors: decoder.errors, report: decoder.report, warnings: decoder.warnings)
    }

    /// The card an error belongs to: the open one, or the next one outside cards.
    private var currentCard: Int { cardOpen || skipping ? cardsBegun - 1 : cardsBegun }

    /// Records or throws a problem with one property of the open card: leniently, the
    /// property is dropped and the card kept (SPEC 12), but a line over the length limit
    /// drops the card, as a limit does.
    private mutating func drop(_ failure: VCardFailure, line lineNumber: Int? = nil, property: String? = nil) throws(VCardError) {
        guard cardOpen, failure.code != .lineTooLong else { return try fail(failure, line: lineNumber, property: property) }
        let warning = VCardError(failure.code, card: currentCard, line: lineNumber ?? reader.lineNumber, property: property, failure.message)
        guard lenient else { throw warning }
        warnings.append(warning)
        guard failure.code != .missingEnd else { return }
        report.propertiesSkipped += 1
        report.skippedPropertyNames[property.map { $0.uppercased() } ?? "(a line that does not parse)", default: 0] += 1
    }

    /// Records or throws a property the card kept in part (a photo cut short): leniently a
    /// warning, counted apart from the skipped properties; strictly an error.
    private mutating func keepInPart(_ failure: VCardFailure, property: String?) throws(VCardError) {
        let warning = VCardError(failure.code, card: currentCard, line: reader.lineNumber, property: property, failure.message)
        guard lenient else { throw warning }
        warnings.append(warning)
        report.propertiesKeptInPart += 1
    }

    /// Records or throws an error; a card it happens in is dropped.
    private mutating func fail(_ failure: VCardFailure, line lineNumber: Int? = nil, property: String? = nil) throws(VCardError) {
        let error = VCardError(failure.code, card: currentCard, line: lineNumber ?? reader.lineNumber, property: property, failure.message)
        guard lenient else { throw error }
        errors.append(error)
        if cardOpen {
            cardOpen = false
            skipping = true
            report.cardsFailed += 1
        }
    }

    private mutating func run() throws(VCardError) {
        while true {
            let raw: UnsafeBufferPointer<UInt8>
            do throws(VCardFailure) {
                guard let next = try reader.next() else { break }
                raw = next
            } catch {
                if !skipping { try drop(error) }
                continue
            }
            if Self.isBlank(raw) { continue }
            if skipping {
                guard (try? line.parse(raw)) != nil else { continue }
                if isMarker("END") {
                    skipping = false
                    continue
                }
                guard isMarker("BEGIN") else { continue }
                skipping = false
            } else {
                do throws(VCardFailure) { try line.parse(raw) } catch {
                    if !cardOpen && strayReported { continue }
                    if !cardOpen { strayReported = true }
                    try drop(error)
                    continue
                }
            }
            if isMarker("BEGIN") {
                if cardOpen {
                    try fail(VCardFailure(.missingEnd, "BEGIN:VCARD comes before this card's END:VCARD."), line: cardStartLine)
                    skipping = false
                }
                guard cardsBegun < limits.maximumCards else {
                    let error = VCardError(.tooManyCards, card: cardsBegun, line: reader.lineNumber,
                                           "The data holds more than \(limits.maximumCards) cards.")
                    guard lenient else { throw error }
                    errors.append(error)
                    return
                }
                builder.reset()
                cardOpen = true
                cardsBegun += 1
                cardStartLine = reader.lineNumber
                propertyCount = 0
                strayReported = false
                continue
            }
            guard cardOpen else {
                if !strayReported {
                    strayReported = true
                    let what = isMarker("END") ? "END:VCARD has no BEGIN:VCARD." : "The line is outside BEGIN:VCARD … END:VCARD."
                    try fail(VCardFailure(.missingBegin, what), property: propertyName)
                }
                continue
            }
            if isMarker("END") {
                finishCard()
                continue
            }
            propertyCount += 1
            guard propertyCount <= limits.maximumPropertiesPerCard else {
                try fail(VCardFailure(.tooManyProperties, "The card has more than \(limits.maximumPropertiesPerCard) properties."),
                         property: propertyName)
                continue
            }
            // A soft break reads the next lines into the reader's buffer, where this line may
            // lie (a folded one): its name is taken before, for a warning if they fail.
            let softBroken = raw.last == 61 && isQuotedPrintable  // '='
            let name = softBroken ? propertyName : nil
            do throws(VCardFailure) {
                if softBroken {
                    var current = raw
                    while current.last == 61, !reader.isAtEnd {
                        current = try reader.continueSoftBreak(current)
                        line.extend(to: current)
                    }
                }
                let kind = VCardPropertyKind.of(line.line, line.name)
                try builder.add(line, kind: kind, decoder: text)
            } catch {
                try drop(error, property: name ?? propertyName)
            }
            if let kept = builder.takeKeptInPart() { try keepInPart(kept, property: name ?? propertyName) }
        }
        if cardOpen {
            // The end of the data delimits the card: a lenient read keeps it, with a warning.
            try drop(VCardFailure(.missingEnd, "The data ends before this card's END:VCARD."), line: cardStartLine)
            finishCard()
        }
    }

    private mutating func finishCard() {
        guard cardOpen else { return }
        cardOpen = false
        contacts.append(builder.finish())
        report.cardsRead += 1
        report.propertiesRead += builder.propertiesRead
        report.propertiesIgnored += builder.ignoredCount
        for (name, count) in builder.ignored { report.ignoredPropertyNames[name, default: 0] += count }
    }

    private var propertyName: String { String(decoding: UnsafeBufferPointer(rebasing: line.line[line.name]), as: UTF8.self) }

    /// Whether the parsed line is `BEGIN:VCARD` or `END:VCARD` (any case, value trimmed).
    private func isMarker(_ name: StaticString) -> Bool {
        guard line.group == nil, line.nameIs(name) else { return false }
        var value = line.value
        while !value.isEmpty, line.line[value.lowerBound] == 32 || line.line[value.lowerBound] == 9 {
            value = (value.lowerBound + 1)..<value.upperBound
        }
        while !value.isEmpty, line.line[value.upperBound - 1] == 32 || line.line[value.upperBound - 1] == 9 {
            value = value.lowerBound..<(value.upperBound - 1)
        }
        return VCardBytes.equalsIgnoringCase(line.line, value, "VCARD")
    }

    private var isQuotedPrintable: Bool {
        for parameter in line.parameters where parameter.name.isEmpty || line.parameter(parameter, isNamed: "ENCODING") {
            if VCardBytes.equalsIgnoringCase(line.line, parameter.value, "QUOTED-PRINTABLE") { return true }
        }
        return false
    }

    /// How many lines start with `BEGIN:VCARD` in upper case: the usual spelling, so usually
    /// the number of cards, counted far faster than the lines are read.
    private static func countMarkers(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let marker: StaticString = "BEGIN:VCARD"
        let length = marker.utf8CodeUnitCount
        var count = 0
        var position = 0
        while position < bytes.count {
            if bytes.count - position >= length, memcmp(base + position, marker.utf8Start, length) == 0 { count += 1 }
            guard let found = memchr(base + position, 10, bytes.count - position) else { break }
            position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    private static func isBlank(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in raw where byte != 32 && byte != 9 { return false }
        return true
    }
}
