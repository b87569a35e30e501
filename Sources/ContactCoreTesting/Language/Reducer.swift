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
            if !progress, current.first == Decoder.parallelVersion, current.count > 4 {
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
    /// dropped (bit 0), a branch's length (two bits each of byte 4), the suffix (bits 6–7).
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
        return candidates
    }
}
