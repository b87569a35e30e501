/// Makes a failing input small at the operation level: drops whole records (and the person's
/// contacts) while the same rule still breaks.
package enum Reducer {
    package static func reduce(_ bytes: [UInt8], profile: Profile, rule: String,
                               check: ([UInt8]) -> Failure?) -> [UInt8] {
        func fails(_ candidate: [UInt8]) -> Bool { check(candidate)?.rule == rule }
        var current = bytes
        var progress = true
        while progress {
            progress = false
            let records = Decoder.decode(current, profile: profile).records
            for record in records.reversed() {
                var candidate = current
                candidate.removeSubrange(record)
                if fails(candidate) {
                    current = candidate
                    progress = true
                    break
                }
            }
            // A parallel program: fewer operations in the prefix (the next ones move into the
            // branches), in a branch, or in the suffix; the shape sits in bytes 3 and 4.
            if !progress, current.first.map(Decoder.isParallel) == true, current.count > 4 {
                for candidate in smallerShapes(current) where fails(candidate) {
                    current = candidate
                    progress = true
                    break
                }
            }
            // No people: the cast sits in bits 2–5 of byte 1.
            if !progress, current.count > 1, current[1] & 0x3C != 0 {
                var candidate = current
                candidate[1] &= 0xC3
                if fails(candidate) {
                    current = candidate
                    progress = true
                }
            }
        }
        return current
    }

    /// The shape with one count lowered: the prefix (bits 5–7 of byte 3), a third branch
    /// dropped (bit 0), a branch's length (two bits each of byte 4), the suffix (bits 6–7);
    /// in version 5, without the restriction at the fork or the pool (bits 5–7 of byte 5).
    private static func smallerShapes(_ bytes: [UInt8]) -> [[UInt8]] {
        var candidates: [[UInt8]] = []
        func with(_ index: Int, _ byte: UInt8) {
            var candidate = bytes
            candidate[index] = byte
            candidates.append(candidate)
        }
        let shape = bytes[3], lengths = bytes[4]
        if shape >> 5 > 0 { with(3, shape &- 0x20) }
        if shape & 1 == 1 { with(3, shape & 0xFE) }
        for shift in [0, 2, 4, 6] where lengths >> shift & 3 > 0 { with(4, lengths &- (1 << shift)) }
        if bytes[0] == Decoder.parallelDeviceVersion, bytes.count > 5 {
            if bytes[5] & 0x20 != 0 { with(5, bytes[5] & 0xDF) }
            if bytes[5] & 0xC0 != 0 { with(5, bytes[5] & 0x3F) }
        }
        return candidates
    }
}

extension Reducer {
    /// Makes a failing vCard input small: the file's physical lines dropped one at a time, then
    /// runs of bytes inside each line, while the same kind of failure holds.
    /// Returns the input in its explicit form (``VCardInput/bytes``), which replays as it is.
    package static func reduce(_ input: VCardInput, check: (VCardInput) -> (kind: String, detail: String)?) -> VCardInput {
        guard let kind = check(input)?.kind else { return input }
        var budget = 2_000
        func fails(_ candidate: VCardInput) -> Bool {
            guard budget > 0 else { return false }
            budget -= 1
            return check(candidate)?.kind == kind
        }
        var current = input
        // Whole lines, each with its line end.
        var lines = current.file.split(separator: 10, omittingEmptySubsequences: false).map { Array($0) + [10] }
        if let last = lines.last, current.file.last != 10 { lines[lines.count - 1] = Array(last.dropLast()) }
        var index = lines.count - 1
        while index >= 0 {
            var candidate = current
            var fewer = lines
            fewer.remove(at: index)
            candidate.file = fewer.flatMap { $0 }
            if fails(candidate) {
                current = candidate
                lines = fewer
            }
            index -= 1
        }
        // Runs of bytes, halving: within lines, across line ends alike.
        var chunk = max(current.file.count / 4, 1)
        while chunk >= 1 {
            var start = 0
            while start < current.file.count {
                var candidate = current
                candidate.file.removeSubrange(start..<min(start + chunk, current.file.count))
                if fails(candidate) { current = candidate } else { start += chunk }
            }
            chunk /= 2
        }
        return current
    }
}
