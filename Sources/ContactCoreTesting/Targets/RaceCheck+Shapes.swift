/// Race shapes: a race needs two calls that meet on one contact, each in a branch of its own,
/// from apps whose statuses let both act. Random bytes draw that pair a few times in ten
/// thousand programs; ``RaceCheck/shaped(_:)`` makes it one program in two.
extension RaceCheck {
    /// `bytes` (a parallel program of version 5) reshaped, half the time, for a race: the
    /// first operation of the first branch names contacts (a picker, a prompt's limited
    /// answer, a Settings choice, a fetch, a tap), the first of the second branch saves a change
    /// to a contact (two changes, or a delete) or, one time in five, changes the first one's
    /// app in Settings; their references draw from the two or three newest contacts, the saving
    /// app starts with full access and a prompted one not yet asked, and the other apps more
    /// often one of the two.
    ///
    /// The choices are drawn from a generator seeded by the bytes: the same input is always
    /// shaped the same way, and the other half pass through unchanged, so every shape the
    /// plain bytes reach stays as likely as it was, less half.
    package static func shaped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 6, bytes[0] == Decoder.parallelDeviceVersion else { return bytes }
        var random = SeededGenerator(seed: bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
        guard random.next() & 1 == 0 else { return bytes }
        var header = Array(bytes[..<6])
        // Two bits an app (FORMAT.md): not asked and full access three times as often as limited or denied.
        let statuses: [UInt8] = [0, 0, 0, 1, 1, 1, 2, 3]
        header[2] = (0..<Cast.actors).reduce(header[2] & 0xC0) { $0 | statuses[Int(random.next() % 8)] << (2 * $1) }
        header[5] = header[5] & 0x3F | UInt8(2 + random.next() % 2) << 6
        let shape = ParallelShape(header[3], header[4])
        var records = Self.records(bytes[6...])
        while records.count <= shape.prefix + shape.branches[0] { records.append(record(&random) { _ in true }) }
        let namer = Namer.drawn[Int(random.next() % UInt64(Namer.drawn.count))]
        // Half the fetches read several contacts in a name order, and race a save of two contacts
        // (which moves them in that order or out of the selection).
        let batch = namer == .fetch && random.next() & 1 == 0
        records[shape.prefix] = record(&random, where: batch ? Namer.readsSeveralInOrder : namer.matches)
        // A prompt races a save of another app: the branches keep their operations' apps, or
        // branch i calls app i, rather than all calling one.
        if namer == .prompt { header[3] &= ~0b100 }
        // Half the time a tap races a Settings change of its app: its snapshot and its approval
        // each read the app's record, which Settings changes whatever its status.
        let writer: Writer = if batch { .twoContacts } else if namer == .tap && random.next() & 1 == 0 { .settings } else {
            Writer.drawn[Int(random.next() % UInt64(Writer.drawn.count))]
        }
        records[shape.prefix + shape.branches[0]] = record(&random, where: writer.matches)
        if writer == .settings {
            // Every branch calls one app, which starts where its tap or picker shows (limited)
            // or its prompt asks (not asked).
            header[3] = header[3] & ~0b110 | 0b100
            let app = ParallelShape(header[3], header[4]).app
            header[2] = status(namer == .prompt || random.next() & 1 == 0 ? 0 : 2, of: app, in: header[2])
            return header + records.joined()
        }
        // The saving app starts with full access (its save can land), a prompted one not yet asked.
        let branches = program(header + records.joined()).parallel?.branches ?? []
        if branches.count > 1, let naming = branches[0].first?.app, let saving = branches[1].first?.app {
            header[2] = status(1, of: saving, in: header[2])
            if namer == .prompt, naming != saving { header[2] = status(0, of: naming, in: header[2]) }
        }
        return header + records.joined()
    }

    /// The status byte with `app`'s two bits set to `status` (`Fuzz/FORMAT.md`).
    private static func status(_ status: UInt8, of app: Int, in byte: UInt8) -> UInt8 {
        byte & ~(3 << (2 * app)) | status << (2 * app)
    }

    /// The records behind their length bytes, each with its length byte.
    private static func records(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
        var records: [[UInt8]] = [], rest = bytes
        while let length = rest.first {
            records.append(Array(rest.prefix(1 + Int(length))))
            rest = rest.dropFirst(1 + Int(length))
        }
        return records
    }

    /// A record of 1 to 12 random bytes whose operation passes `test` (the last one drawn if
    /// 500 draws find none), with its length byte.
    private static func record(_ random: inout SeededGenerator, where test: (Op) -> Bool) -> [UInt8] {
        var record: [UInt8] = []
        for _ in 0..<500 {
            record = (0...(random.next() % 12)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // The record alone, as a one-operation program of version 4 (the operations of 4 and 5 read alike).
            let alone = [Decoder.deviceVersion, 0, 0, 0, UInt8(record.count)] + record
            if let op = Decoder.decode(alone, profile: profile).program.operations.first, test(op) { break }
        }
        return [UInt8(record.count)] + record
    }

    /// What the first branch's first call does with the contacts it names.
    private enum Namer {
        case contactPicker, prompt, settings, accessPicker, fetch, tap

        /// Each as often as listed: the pickers' and the prompt's shapes are the rarest in plain bytes.
        static let drawn: [Namer] = [.contactPicker, .contactPicker, .prompt, .prompt, .settings, .accessPicker, .fetch, .tap]

        func matches(_ op: Op) -> Bool {
            switch (self, op) {
            case (.contactPicker, .contactPicker(_, let chosen, _)): Set(chosen).count >= 2
            case (.prompt, .request(_, .limited(let refs)?)): !refs.isEmpty
            case (.settings, .settings(_, .limited(let refs))), (.settings, .settings(_, .edit(let refs, _))): !refs.isEmpty
            case (.accessPicker, .accessPicker(_, let adding, _)): !adding.isEmpty
            case (.fetch, .fetchOne), (.fetch, .editFetched): true
            case (.fetch, .fetch(_, .identifiers(let refs), _, _)): !refs.isEmpty
            // A tap that can approve a row: a validated touch on a button drawn whole, big
            // enough and in the table's colours (whether it is legible is left to its gray).
            case (.tap, .button(_, let tap)):
                tap.validated && tap.colors == nil && Vocabulary.buttonLooks[tap.look].wholeVisible && Vocabulary.buttonLooks[tap.look].bigEnough
            default: false
            }
        }

        /// A fetch of every contact, of some by name or of two or more by identifier, in a name order.
        static func readsSeveralInOrder(_ op: Op) -> Bool {
            guard case .fetch(_, let query, _, let sort) = op, sort != .none else { return false }
            switch query {
            case .all, .name: return true
            case .identifiers(let refs): return Set(refs).count >= 2
            default: return false
            }
        }
    }

    /// What the second branch's first call changes: two contacts, or a contact's existence
    /// (a save), or what the first branch's app may see (its Settings).
    private enum Writer {
        case twoContacts, delete, settings

        /// A Settings change one time in five: the saves are what most races meet.
        static let drawn: [Writer] = [.twoContacts, .twoContacts, .delete, .delete, .settings]

        func matches(_ op: Op) -> Bool {
            switch (self, op) {
            case (.settings, .settings): return true
            case (.settings, _): return false
            case (_, .save(_, _, let steps)):
                let changed = steps.compactMap { step -> Ref? in
                    switch step {
                    case .update(let ref, _), .delete(let ref): ref
                    default: nil
                    }
                }.filter { if case .known = $0 { true } else { false } }
                return self == .twoContacts ? Set(changed).count >= 2
                    : steps.contains { if case .delete(.known) = $0 { true } else { false } }
            default: return false
            }
        }
    }
}
