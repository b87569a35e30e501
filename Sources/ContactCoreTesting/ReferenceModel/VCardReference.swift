import ContactCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// SPEC 12's vCard reader written again, from RFC 6350, RFC 2426, the vCard 2.1 specification
/// and SPEC 12's decisions: FuzzVCard's oracle. It shares no code with `ContactCore`'s reader.
///
/// Slow and obvious on purpose, in separate passes over plain arrays: the bytes become physical
/// lines (``physicalLines(_:)``), those become unfolded lines, each line is split into group,
/// name, parameters and value (``ContentLine``), and each value is decoded on its own
/// (`VCardReference+Text.swift`) and mapped to a field (`VCardReference+Mapping.swift`).
/// A strict read throws the first problem a lenient read meets, so one lenient pass answers both.
package enum VCardReference {
    /// What a read gives: the kept cards, the problems, and what a strict read throws.
    package struct Outcome: Sendable {
        package var contacts: [MutableContact] = []
        /// Cards dropped whole, runs of lines outside any card, limits on the whole file.
        package var errors: [VCardError] = []
        /// Properties dropped from cards that were kept, and cards the end of the data closed.
        package var warnings: [VCardError] = []
        /// The first problem met, errors and warnings alike: what a strict read throws.
        package var firstProblem: VCardError?
    }

    /// Reads `bytes` as SPEC 12 says, leniently; ``Outcome/firstProblem`` is the strict read.
    package static func read(_ bytes: [UInt8], limits: VCardLimits) -> Outcome {
        guard bytes.count <= limits.maximumFileSize else {
            let problem = VCardError(.fileTooLarge, card: 0, line: 0, "too large")
            return Outcome(errors: [problem], firstProblem: problem)
        }
        return read(unfoldedLines(physicalLines(bytes), maximumLength: max(limits.maximumLineLength, 0)), limits: limits)
    }

    /// Reads lines already unfolded (``unfoldedLines(_:maximumLength:)``), the file's size met.
    package static func read(_ lines: [UnfoldedLine], limits: VCardLimits) -> Outcome {
        var outcome = Outcome()
        func record(_ problem: VCardError, warning: Bool) {
            if warning { outcome.warnings.append(problem) } else { outcome.errors.append(problem) }
            if outcome.firstProblem == nil { outcome.firstProblem = problem }
        }

        var card: CardReader?  // the card being read
        var skipping = false  // inside a card dropped whole, until its END or the next BEGIN
        var strayRun = false  // a run of lines outside any card has been reported
        var cardsBegun = 0
        var index = 0
        func cardIndex() -> Int { card != nil || skipping ? cardsBegun - 1 : cardsBegun }
        func dropCard(_ code: VCardError.Code, line: Int, property: String? = nil) {
            record(VCardError(code, card: cardIndex(), line: line, property: property, "card dropped"), warning: false)
            if card != nil {
                card = nil
                skipping = true
            }
        }

        while index < lines.count {
            let line = lines[index]
            index += 1
            if let failure = line.failure {
                guard !skipping else { continue }
                if failure == .lineTooLong || card == nil {
                    dropCard(failure, line: line.number)
                } else {
                    record(VCardError(failure, card: cardIndex(), line: line.number, "property dropped"), warning: true)
                }
                continue
            }
            if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let content: ContentLine
            switch ContentLine.parse(line.bytes) {
            case .line(let parsed): content = parsed
            case .failed(let code):
                guard !skipping else { continue }
                if card != nil {
                    record(VCardError(code, card: cardIndex(), line: line.number, "property dropped"), warning: true)
                } else if !strayRun {
                    strayRun = true
                    dropCard(code, line: line.number)
                }
                continue
            }
            if skipping {
                if content.isMarker("END") {
                    skipping = false
                    continue
                }
                guard content.isMarker("BEGIN") else { continue }
                skipping = false
            }
            if content.isMarker("BEGIN") {
                if let open = card { dropCard(.missingEnd, line: open.startLine) }
                skipping = false
                guard cardsBegun < limits.maximumCards else {
                    record(VCardError(.tooManyCards, card: cardsBegun, line: line.number, "too many cards"), warning: false)
                    return outcome
                }
                cardsBegun += 1
                card = CardReader(startLine: line.number)
                strayRun = false
                continue
            }
            // The card is changed where it is (`card?.`): a copy of it would copy its contact too.
            guard card != nil else {
                if !strayRun {
                    strayRun = true
                    dropCard(.missingBegin, line: line.number, property: content.nameText)
                }
                continue
            }
            if content.isMarker("END") {
                if let open = card { outcome.contacts.append(open.finished()) }
                card = nil
                continue
            }
            card?.properties += 1
            guard let properties = card?.properties, properties <= limits.maximumPropertiesPerCard else {
                dropCard(.tooManyProperties, line: line.number, property: content.nameText)
                continue
            }
            // Quoted-printable's soft line break: a value ending in `=` goes on in the next line.
            var property = content
            var softFailure: VCardError.Code?
            if property.isQuotedPrintable {
                while property.value.last == 0x3D, index < lines.count {  // '='
                    let next = lines[index]
                    index += 1
                    if let failure = next.failure {
                        softFailure = failure
                        break
                    }
                    property.value.removeLast()
                    property.bytesCount -= 1
                    guard property.bytesCount + next.bytes.count <= max(limits.maximumLineLength, 0) else {
                        softFailure = .lineTooLong
                        break
                    }
                    property.value += next.bytes
                    property.bytesCount += next.bytes.count
                }
            }
            let failure = softFailure ?? card?.read(property) ?? nil
            if let failure {
                if failure == .lineTooLong {
                    dropCard(failure, line: line.number, property: content.nameText)
                } else {
                    record(VCardError(failure, card: cardIndex(), line: line.number, property: content.nameText, "property dropped"),
                           warning: true)
                }
            }
        }
        if let open = card {
            // The end of the data closes the card: kept, with a warning.
            record(VCardError(.missingEnd, card: cardsBegun - 1, line: open.startLine, "no END"), warning: true)
            outcome.contacts.append(open.finished())
        }
        return outcome
    }

    // MARK: Lines

    /// The file's physical lines, a byte order mark removed: CR LF, CR CR LF, CR alone and LF
    /// alone each end one line; the last line may have no end.
    package static func physicalLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            guard let end = firstLineBreak(bytes, from: start) else {
                lines.append(bytes[start...])
                break
            }
            lines.append(bytes[start..<end])
            start = end + (bytes[end...].starts(with: [0x0D, 0x0A]) ? 2 : bytes[end...].starts(with: [0x0D, 0x0D, 0x0A]) ? 3 : 1)
        }
        return lines
    }

    /// Where the first CR or LF at or after `start` is.
    private static func firstLineBreak(_ bytes: [UInt8], from start: Int) -> Int? {
        let lf = firstIndex(of: 0x0A, in: bytes, from: start)
        return firstIndex(of: 0x0D, in: bytes, from: start, to: lf ?? bytes.count) ?? lf
    }

    /// Where `byte` first is in `bytes[start..<end]` (all of the rest by default), found with memchr:
    /// a byte loop of ours is most of a read under fuzzing's compare tracing.
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int = 0, to end: Int? = nil) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            let end = end ?? buffer.count
            guard let base = buffer.baseAddress, start < end else { return nil }
            return memchr(base + start, Int32(byte), end - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    /// Whether `bytes` hold `byte`.
    static func holds(_ bytes: [UInt8], _ byte: UInt8) -> Bool { firstIndex(of: byte, in: bytes) != nil }

    /// One content line after unfolding: where it starts, and why it cannot be read, if so.
    package struct UnfoldedLine {
        var number: Int
        var bytes: [UInt8]
        var failure: VCardError.Code?
    }

    /// Physical lines joined: one that starts with a space or a tab continues the line before,
    /// without that character. Longer than the limit, or holding a NUL byte, a line fails.
    package static func unfoldedLines(_ physical: [ArraySlice<UInt8>], maximumLength: Int) -> [UnfoldedLine] {
        var lines: [UnfoldedLine] = []
        for (offset, line) in physical.enumerated() {
            if let first = line.first, first == 0x20 || first == 0x09, !lines.isEmpty {
                lines[lines.count - 1].bytes += line.dropFirst()
            } else {
                lines.append(UnfoldedLine(number: offset + 1, bytes: Array(line)))
            }
        }
        for index in lines.indices {
            if lines[index].bytes.count > maximumLength {
                lines[index].failure = .lineTooLong
            } else if holds(lines[index].bytes, 0) {
                lines[index].failure = .nulByte
            }
        }
        return lines
    }
}
