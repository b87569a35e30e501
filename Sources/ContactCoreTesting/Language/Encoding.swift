/// A program's canonical bytes: its header, then each operation's record as the decoder read
/// it, every byte the least byte that reads the same and no byte the decoder skips.
///
/// ``Decoder/canonical(_:profile:)`` makes one from any bytes; its ``bytes`` decode to the same
/// program. The custom mutator (``Mutator``) edits programs in this form: a record is one
/// operation, and each byte knows how many values it has.
package struct Encoding: Hashable, Sendable {
    /// Version, device, statuses, a parallel program's shape, version 4's device byte.
    package var header: [UInt8] = []
    package var records: [Record] = []

    package struct Record: Hashable, Sendable {
        package var body: [UInt8]
        /// How many values each byte of `body` has: 256, or the count of the table it indexes.
        package var domains: [Int]
        /// Where each step of a save begins in `body`, the last one ending with it; empty for
        /// any other operation, and for a record that was split, not decoded.
        package var steps: [Int] = []
        /// Whether the last step ran out of bytes (a value past the record's end, a text cut
        /// short): a step put behind it would be read as part of it.
        package var lastStepIsShort = false
    }

    package init() {}

    /// `bytes` cut at its records' boundaries without decoding them: the header its version
    /// byte asks for, then each length byte and the bytes behind it. Canonical bytes come out
    /// as their encoding without the byte domains (each 256); others as the records they spell.
    package init(splitting bytes: [UInt8]) {
        let headerLength = bytes.first.map(Decoder.headerLength) ?? 0
        guard headerLength > 0 else { return }
        header = Array(bytes.prefix(headerLength)) + Array(repeating: 0, count: max(0, headerLength - bytes.count))
        var position = headerLength
        while position < bytes.count {
            let end = min(bytes.count, position + 1 + Int(bytes[position]))
            let body = Array(bytes[(position + 1)..<end])
            records.append(Record(raw: body))
            position = end
        }
    }

    /// The header and each record behind its length byte.
    package var bytes: [UInt8] {
        var bytes = header
        for record in records {
            bytes.append(UInt8(record.body.count))
            bytes += record.body
        }
        return bytes
    }
}

extension Encoding.Record {
    /// Bytes whose tables are not known: each byte taken as one of 256 values.
    package init(raw body: [UInt8]) {
        self.init(body: body, domains: Array(repeating: 256, count: body.count))
    }
}

extension Encoding.Record {
    /// A save's header byte: the author in bits 0–1, one less than the steps in bits 2–3.
    static let saveHeader = 2
    /// The most steps a save's header can ask for.
    static let maximumSteps = 4

    /// The bytes of a save's step `i`; nil when it has no such step.
    private func stepRange(_ i: Int) -> Range<Int>? {
        guard steps.indices.contains(i) else { return nil }
        return steps[i]..<(i + 1 < steps.count ? steps[i + 1] : body.count)
    }

    /// A save's step `i`, bytes and their domains; nil when it has no such step, or when it is
    /// a last step that ran out of bytes (elsewhere it would read what follows it).
    package func step(_ i: Int) -> (body: ArraySlice<UInt8>, domains: ArraySlice<Int>)? {
        guard let range = stepRange(i), !(lastStepIsShort && i == steps.count - 1) else { return nil }
        return (body[range], domains[range])
    }

    /// Puts `step` (another save's, or this one's) before step `i` (at the end for `steps.count`),
    /// the header's count following; false, and nothing changed, when the save is full, would
    /// outgrow its length byte, or `i` is behind a last step that ran out of bytes.
    package mutating func insertStep(_ step: (body: ArraySlice<UInt8>, domains: ArraySlice<Int>), at i: Int) -> Bool {
        guard steps.count < Self.maximumSteps, body.count + step.body.count <= Int(UInt8.max),
              i < steps.count || i == steps.count && !lastStepIsShort else { return false }
        let position = i < steps.count ? steps[i] : body.count
        body.insert(contentsOf: step.body, at: position)
        domains.insert(contentsOf: step.domains, at: position)
        steps.insert(position, at: i)
        for later in steps.indices.dropFirst(i + 1) { steps[later] += step.body.count }
        setStepCount()
        return true
    }

    /// Takes a save's step `i` out, the header's count following (a save of no step stays).
    package mutating func removeStep(at i: Int) {
        guard let range = stepRange(i) else { return }
        body.removeSubrange(range)
        domains.removeSubrange(range)
        if i == steps.count - 1 { lastStepIsShort = false }
        steps.remove(at: i)
        for later in steps.indices.dropFirst(i) { steps[later] -= range.count }
        setStepCount()
    }

    private mutating func setStepCount() {
        guard body.indices.contains(Self.saveHeader) else { return }
        body[Self.saveHeader] = body[Self.saveHeader] & ~0x0C | UInt8(max(steps.count - 1, 0)) << 2
    }
}
