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
