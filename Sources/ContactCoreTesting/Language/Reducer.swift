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
}
