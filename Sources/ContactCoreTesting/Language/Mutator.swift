/// Edits programs, not bytes: the program targets' custom mutator and cross-over
/// (`LLVMFuzzerCustomMutator`, `LLVMFuzzerCustomCrossOver`; Fuzz/HARNESS.md, "Mutations").
///
/// An input is read as its ``Encoding``, changed by one edit of an operation, a field or the
/// header, and written back canonically. An edit whose program is not new (`isNew`) is tried
/// again a few times; when none is, the caller falls back to libFuzzer's byte mutation.
///
/// A share of the results (``generatedShare``) is no edit of the input but a new random
/// program, as the property tests make them: random testing inside the fuzzer, which finds a
/// bug that many small programs show sooner than edits that climb towards it one at a time.
package struct Mutator {
    package let profile: Profile
    /// At most this many bytes (libFuzzer's `-max_len`): records past it are dropped.
    package let maxSize: Int
    /// The target's dictionary, whose records and headers ``Edit/dictionary`` puts in.
    package let dictionary: FuzzDictionary
    /// The share of mutations that make a new random program (``generated(behind:using:)``) instead.
    package let generatedShare: Double

    package init(profile: Profile, maxSize: Int, dictionary: FuzzDictionary = FuzzDictionary(),
                 generatedShare: Double = Mutator.defaultGeneratedShare) {
        self.profile = profile
        self.maxSize = maxSize
        self.dictionary = dictionary
        self.generatedShare = generatedShare
    }

    /// A third: of the shares tried, the one that found mutants 14 and 40 soonest without
    /// slowing the slow mutant 69 (Fuzz/RESULTS.md, "Random programs among the edits").
    package static let defaultGeneratedShare = 1.0 / 3

    /// The edits, each as often as listed.
    package enum Edit: CaseIterable, Sendable {
        /// One byte of a record to another value of its table, or any byte (a raw value, a reference).
        case field
        /// One record's bytes through libFuzzer's byte mutation, which brings the dictionary and
        /// the values the code compared (a country code's letters, a raw text), inside one operation.
        case recordBytes
        /// A new operation, made of random bytes behind a random opcode.
        case insert
        case delete
        /// An operation again, right after itself.
        case duplicate
        /// An operation elsewhere: in a parallel program, between prefix, branches and suffix.
        case move
        /// The statuses, the cast, the sort order, the device byte, or the version (sequential or parallel).
        case header
        /// A save's reopen bit (bit 4 of its header byte), on or off.
        case reopen
        /// Inside a save: one of its steps taken out, or a step of any save in the program put
        /// among its steps (a second nesting of the same groups, a change after the one that fails).
        case step
        /// A record of the dictionary put between two operations, or a header of it in the
        /// header's place: a whole operation the dictionary's author wrote (a save that adds
        /// and reopens, a search), where byte mutation may put an entry inside another.
        case dictionary
    }

    /// As many deletions as insertions (random or from the dictionary) and duplications, so
    /// that programs do not only grow; a step edit takes out as often as it puts in.
    private static let edits: [Edit] = [.field, .field, .field, .recordBytes, .recordBytes, .recordBytes, .recordBytes,
                                        .insert, .dictionary, .dictionary, .delete, .delete, .delete, .delete, .duplicate, .move, .header, .reopen,
                                        .step, .step]
    /// How many edits, and splits of a cross-over, are tried for a new program before giving up.
    private static let attempts = 8
    private static let splits = 2
    /// A quarter: of libFuzzer's mutations, about one in seven is then a cross-over.
    package static let crossOverShare = 0.25

    /// `bytes` after one edit whose program `isNew` says is new, canonical; `nil` if no try was.
    /// `byteMutation` mutates one record's bytes (``Edit/recordBytes``); without it that edit
    /// changes a field.
    package func mutate(_ bytes: [UInt8], using random: inout some RandomNumberGenerator,
                        byteMutation: (([UInt8]) -> [UInt8])? = nil, isNew: (Program) -> Bool) -> [UInt8]? {
        // Only a field's edit needs to know its byte's table: the others cut the bytes at their
        // records without decoding them, which costs a tenth as much.
        let split = Encoding(splitting: bytes)
        var decoded: Encoding?
        for _ in 0..<Self.attempts {
            if Double.random(in: 0..<1, using: &random) < generatedShare {
                if let result = finished(generated(behind: split.header, using: &random), checking: random.next() % Self.checkEvery == 0, isNew: isNew) { return result }
                continue
            }
            let edit = Self.edits.randomElement(using: &random) ?? .field
            var edited = split
            if edit == .field || edit == .step || edit == .recordBytes && byteMutation == nil {
                edited = decoded ?? Decoder.canonical(bytes, profile: profile).encoding
                decoded = edited
            }
            if edit == .recordBytes, let byteMutation, let r = edited.records.indices.randomElement(using: &random) {
                edited.records[r].body = Array(byteMutation(edited.records[r].body).prefix(Int(UInt8.max)))
            } else {
                apply(edit == .recordBytes ? .field : edit, to: &edited, using: &random)
            }
            if let result = finished(edited, checking: random.next() % Self.checkEvery == 0, isNew: isNew) { return result }
        }
        return nil
    }

    /// The header and first operations of `first`, then the last operations of `second`, split
    /// at random operation boundaries; or, as often, `first` with one operation of `second` put
    /// anywhere among its own. `nil` if no try makes a new program.
    ///
    /// libFuzzer asks for a cross-over as often as for a mutation; ``crossOverShare`` of the
    /// calls make one and the others return `nil`, so that libFuzzer mutates instead.
    package func crossOver(_ first: [UInt8], _ second: [UInt8], using random: inout some RandomNumberGenerator,
                           isNew: (Program) -> Bool) -> [UInt8]? {
        guard Double.random(in: 0..<1, using: &random) < Self.crossOverShare else { return nil }
        let (a, b) = (Encoding(splitting: first), Encoding(splitting: second))
        for _ in 0..<Self.splits {
            var spliced = a.header.isEmpty ? b : a
            if Bool.random(using: &random), let record = b.records.randomElement(using: &random) {
                // One operation of the other program, as a dictionary entry is one record.
                spliced.records = a.records
                spliced.records.insert(record, at: Int.random(in: 0...a.records.count, using: &random))
            } else {
                spliced.records = Array(a.records.prefix(Int.random(in: 0...a.records.count, using: &random)))
                    + b.records.suffix(Int.random(in: 0...b.records.count, using: &random))
            }
            if let result = finished(spliced, checking: random.next() % Self.checkEvery == 0, isNew: isNew) { return result }
        }
        return nil
    }

    /// One result in this many is decoded once more, to check that its canonical bytes spell its program.
    private static let checkEvery: UInt64 = 16

    /// The canonical bytes of `encoding`, cut to ``maxSize`` at a record's end, if new.
    private func finished(_ encoding: Encoding, checking: Bool, isNew: (Program) -> Bool) -> [UInt8]? {
        var encoding = encoding
        var size = encoding.bytes.count
        while size > maxSize, let last = encoding.records.popLast() { size -= 1 + last.body.count }
        let written = encoding.bytes
        let (program, canonical) = Decoder.canonical(written, profile: profile)
        let bytes = canonical.bytes
        guard bytes.count <= maxSize, isNew(program) else { return nil }
        // Checked where it is used, so that fuzzing finds an encoding that spells another program;
        // a sample, as a decode costs a fifth of a mutation.
        precondition(!checking || Decoder.decode(bytes, profile: profile).program == program,
                     "the canonical encoding \(bytes) of \(written) decodes to another program")
        return bytes
    }

    private func apply(_ edit: Edit, to encoding: inout Encoding, using random: inout some RandomNumberGenerator) {
        // An input that is no program yet (an empty corpus's first) starts from a header of the
        // dictionary, whose author gave it people and access, as byte mutation's first words do.
        if encoding.header.isEmpty {
            encoding.header = startingHeader(using: &random)
        }
        let records = encoding.records.indices
        switch edit {
        case .field, .recordBytes:
            guard let r = records.randomElement(using: &random), !encoding.records[r].body.isEmpty else {
                // Nothing to change yet: the program grows by a record, the dictionary's if it has one.
                guard let raw = dictionary.records.randomElement(using: &random) else { return apply(.insert, to: &encoding, using: &random) }
                return encoding.records.insert(Encoding.Record(raw: raw), at: Int.random(in: 0...encoding.records.count, using: &random))
            }
            let record = encoding.records[r]
            let i = Int.random(in: record.body.indices, using: &random)
            // A byte of any value may also become one the program already holds elsewhere:
            // a reference to the group another step added, a contact another operation names.
            if record.domains[i] == 256, Int.random(in: 0..<4, using: &random) == 0,
               let elsewhere = encoding.records.randomElement(using: &random)?.body.randomElement(using: &random), elsewhere != record.body[i] {
                encoding.records[r].body[i] = elsewhere
            } else {
                encoding.records[r].body[i] = Self.value(below: record.domains[i], not: record.body[i], using: &random)
            }
        case .insert:
            let record = randomOperation(length: 2...16, using: &random)
            encoding.records.insert(record, at: Int.random(in: 0...encoding.records.count, using: &random))
        case .delete:
            if let r = records.randomElement(using: &random) { encoding.records.remove(at: r) }
        case .duplicate:
            if let r = records.randomElement(using: &random) { encoding.records.insert(encoding.records[r], at: r) }
        case .move:
            guard let r = records.randomElement(using: &random) else { return }
            let record = encoding.records.remove(at: r)
            encoding.records.insert(record, at: Int.random(in: 0...encoding.records.count, using: &random))
        case .header:
            editHeader(&encoding.header, using: &random)
        case .dictionary:
            let (records, headers) = (dictionary.records.count, dictionary.headers.count)
            guard records + headers > 0 else { return apply(.insert, to: &encoding, using: &random) }
            let pick = Int.random(in: 0..<records + headers, using: &random)
            guard pick < records else { return encoding.header = dictionary.headers[pick - records] }
            let record = Encoding.Record(raw: dictionary.records[pick])
            encoding.records.insert(record, at: Int.random(in: 0...encoding.records.count, using: &random))
        case .step:
            let saves = records.filter { !encoding.records[$0].steps.isEmpty }
            guard let r = saves.randomElement(using: &random), let from = saves.randomElement(using: &random) else {
                return apply(.duplicate, to: &encoding, using: &random)
            }
            let count = encoding.records[r].steps.count
            if Bool.random(using: &random) || count == Encoding.Record.maximumSteps {
                encoding.records[r].removeStep(at: Int.random(in: 0..<count, using: &random))
            } else if let step = encoding.records[from].step(Int.random(in: 0..<encoding.records[from].steps.count, using: &random)) {
                _ = encoding.records[r].insertStep(step, at: Int.random(in: 0...count, using: &random))
            }
        case .reopen:
            let saves = records.filter { encoding.records[$0].body.count > 2 && kind(of: encoding.records[$0]) == .save }
            guard let r = saves.randomElement(using: &random) else { return apply(.field, to: &encoding, using: &random) }
            encoding.records[r].body[2] ^= 0x10
        }
    }

    /// A new program behind `header`: 1–12 operations, each a record of the dictionary
    /// (``dictionaryShare`` of them) or a random kind and up to 23 bytes (a save with most of a
    /// contact's values).
    ///
    /// The bytes are drawn as a field edit draws them: about one in four is a raw value's marker
    /// (uniform bytes: one in sixteen), and many are the format's edges. The dictionary's records
    /// are the operations its author wrote to reach what no table holds (a raw note, a birthday
    /// in the year 10,000, a country code in capitals).
    ///
    /// The header stays: each new start (statuses, cast, device) a program names is made once
    /// and kept for the process's life, so random headers grew a process by 4 MB a second and
    /// sent a sixth of the inputs to libFuzzer's leak check, which runs them again. An input
    /// with no header yet takes the dictionary's, as an edit does.
    package func generated(behind header: [UInt8], using random: inout some RandomNumberGenerator) -> Encoding {
        var encoding = Encoding()
        encoding.header = header.isEmpty ? startingHeader(using: &random) : header
        encoding.records = (0..<Int.random(in: 1...12, using: &random)).map { _ in
            if Double.random(in: 0..<1, using: &random) < Self.dictionaryShare, let raw = dictionary.records.randomElement(using: &random) {
                return Encoding.Record(raw: raw)
            }
            return randomOperation(length: 1...24, using: &random)
        }
        return encoding
    }

    /// The share of a new program's operations taken whole from the dictionary: a bug behind
    /// one of its raw values fell 3 to 8 times sooner with 0.3 (Fuzz/RESULTS.md, "Dictionary
    /// records in new programs").
    package static let dictionaryShare = 0.3

    /// The header an input that is no program yet starts from: one of the dictionary's.
    private func startingHeader(using random: inout some RandomNumberGenerator) -> [UInt8] {
        dictionary.headers.randomElement(using: &random) ?? [Decoder.deviceVersion, 0, 0, 0]
    }

    /// A record of a random opcode and bytes of any value behind it, drawn as a field edit draws
    /// them; `length` counts the opcode.
    private func randomOperation(length: ClosedRange<Int>, using random: inout some RandomNumberGenerator) -> Encoding.Record {
        let count = Int.random(in: length, using: &random)
        let body = [UInt8(Int.random(in: 0..<profile.kinds.count, using: &random))]
            + (1..<count).map { _ in Self.value(below: 256, not: nil, using: &random) }
        return Encoding.Record(body: body, domains: [profile.kinds.count] + Array(repeating: 256, count: count - 1))
    }

    private func kind(of record: Encoding.Record) -> Profile.Kind? {
        record.body.first.map { profile.kinds[Int($0) % profile.kinds.count] }
    }

    /// A byte of the header to any value, or the version to another, the header's length
    /// following it (the shape of a parallel program, the device byte of version 4 and 5).
    private func editHeader(_ header: inout [UInt8], using random: inout some RandomNumberGenerator) {
        guard Int.random(in: 0..<4, using: &random) == 0 else {
            let i = Int.random(in: 1..<header.count, using: &random)
            header[i] = Self.value(below: 256, not: header[i], using: &random)
            return
        }
        let version = UInt8.random(in: Decoder.version...Decoder.parallelDeviceVersion, using: &random)
        let shape = Decoder.isParallel(header[0]) ? Array(header[3..<5]) : [UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random)]
        let device = header[0] >= Decoder.deviceVersion ? header.last ?? 0 : UInt8.random(in: 0...255, using: &random)
        header = [version, header[1], header[2]] + (Decoder.isParallel(version) ? shape : []) + (version >= Decoder.deviceVersion ? [device] : [])
    }

    /// Another value for a byte of `domain` values: any other below it when it indexes a table;
    /// otherwise one of the bytes the format gives a meaning (a reference to an added contact or
    /// junk, a raw value) or any byte.
    private static func value(below domain: Int, not current: UInt8?, using random: inout some RandomNumberGenerator) -> UInt8 {
        if domain < 256 { return entry(below: domain, not: current, using: &random) }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return [0, 1, 2, 3, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xDF, 0xE0, 0xE1, 0xFF].randomElement(using: &random) ?? 0
        case 1: return Decoder.rawByte | UInt8.random(in: 0...15, using: &random)
        case 2: return current.map { $0 ^ 1 << UInt8.random(in: 0...7, using: &random) } ?? 0
        default: return UInt8.random(in: 0...255, using: &random)
        }
    }

    /// Another entry of a table of `domain` entries (at most 256) than `current`, any when
    /// `current` is `nil`; 0 for a table of one.
    package static func entry(below domain: Int, not current: UInt8?, using random: inout some RandomNumberGenerator) -> UInt8 {
        guard domain > 1 else { return 0 }
        let value = UInt8(Int.random(in: 0..<domain - 1, using: &random))
        return current.map { value >= $0 ? value + 1 : value } ?? value
    }
}
