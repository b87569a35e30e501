/// Makes a failing input small at the operation level: drops whole records (and the person's
/// contacts) while the same rule still breaks.
package enum Reducer {
    package static func reduce(_ bytes: [UInt8], profile: Profile, rule: String) -> [UInt8] {
        func fails(_ candidate: [UInt8]) -> Bool {
            Runner.run(Decoder.decode(candidate, profile: profile).program)?.rule == rule
        }
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
            // Fewer people: the count sits in bits 2–4 of byte 1, the people after byte 2.
            if !progress, current.count > 3, current[1] >> 2 & 7 > 0 {
                let count = Int(current[1] >> 2 & 7)
                var candidate = current
                candidate[1] = candidate[1] & 0xE3 | UInt8(count - 1) << 2
                if 3 + count <= candidate.count { candidate.remove(at: 3 + count - 1) }
                if fails(candidate) {
                    current = candidate
                    progress = true
                }
            }
        }
        return current
    }
}
