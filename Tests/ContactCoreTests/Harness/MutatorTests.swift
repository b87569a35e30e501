import ContactCoreTesting
import PropertyBased
import Testing

/// The custom mutator and cross-over (Fuzz/HARNESS.md, "Mutations"): what they return is
/// canonical, fits, and is a program the caller called new.
@Suite struct MutatorTests {
    /// A request, a fetch, a history read, and a save that adds two groups.
    static let seed: [UInt8] = [4, 0x14, 0x06, 0, 3, 0, 0, 1, 3, 5, 1, 2, 2, 7, 0, 7, 3, 0, 0x04, 4, 0, 4, 1]

    @Test(arguments: EncodingPropertyTests.programTargets)
    func mutationsAreNewCanonicalAndFit(_ target: FuzzTarget) async {
        let mutator = Mutator(profile: target.profile, maxSize: 64)
        await propertyCheck(count: 300, input: EncodingPropertyTests.inputs, Gen.uint64()) { bytes, seed in
            var random = SeededGenerator(seed: seed)
            let before = Decoder.decode(bytes, profile: target.profile).program
            guard let mutated = mutator.mutate(bytes, using: &random, isNew: { $0 != before }) else { return }
            let (program, encoding) = Decoder.canonical(mutated, profile: target.profile)
            #expect(program != before)
            #expect(encoding.bytes == mutated)
            #expect(mutated.count <= 64)
        }
    }

    /// Each edit happens: over many seeds, mutations add, drop and move operations, change the
    /// header's version, and turn a save's reopen on.
    @Test func everyKindOfEditHappens() {
        let mutator = Mutator(profile: .everything, maxSize: 256)
        let before = Decoder.decode(Self.seed, profile: .everything).program
        var seen: Set<String> = []
        for seed in UInt64(0)..<2_000 {
            var random = SeededGenerator(seed: seed)
            guard let mutated = mutator.mutate(Self.seed, using: &random, isNew: { $0 != before }) else { continue }
            let program = Decoder.decode(mutated, profile: .everything).program
            if program.operations.count > before.operations.count { seen.insert("more operations") }
            if program.operations.count < before.operations.count { seen.insert("fewer operations") }
            if program.operations.count == before.operations.count, Set(program.operations) == Set(before.operations),
               program.operations != before.operations { seen.insert("moved") }
            if program.parallel != nil { seen.insert("parallel") }
            if !program.reopensAfter.isEmpty { seen.insert("reopen") }
            if program.initialStatus != before.initialStatus { seen.insert("statuses") }
            if program.operations.count == before.operations.count, Self.steps(program) != Self.steps(before) {
                seen.insert(Self.steps(program) > Self.steps(before) ? "more steps" : "fewer steps")
            }
        }
        #expect(seen == ["more operations", "fewer operations", "moved", "parallel", "reopen", "statuses", "more steps", "fewer steps"])
    }

    /// The steps of a program's saves.
    static func steps(_ program: Program) -> Int {
        program.operations.reduce(0) { count, operation in
            guard case .save(_, _, let steps) = operation else { return count }
            return count + steps.count
        }
    }

    /// A new random program keeps only its input's header: from one operation to twelve, of
    /// every kind, and as often as the share says.
    @Test func aShareOfMutationsIsANewProgram() {
        let mutator = Mutator(profile: .everything, maxSize: 256)
        let before = Decoder.decode(Self.seed, profile: .everything).program
        let header = Array(Self.seed.prefix(Decoder.headerLength(Self.seed[0])))
        var (counts, kinds, unrelated, sameHeader, made): (Set<Int>, Set<String>, Int, Int, Int) = ([], [], 0, 0, 0)
        for seed in UInt64(0)..<600 {
            var random = SeededGenerator(seed: seed)
            guard let mutated = mutator.mutate(Self.seed, using: &random, isNew: { $0 != before }) else { continue }
            made += 1
            let program = Decoder.decode(mutated, profile: .everything).program
            // An edit keeps all but one operation of the seed's four.
            guard program.operations.filter(before.operations.contains).count < 2 else { continue }
            unrelated += 1
            if mutated.starts(with: header) { sameHeader += 1 }
            counts.insert(program.operations.count)
            kinds.formUnion(program.operations.map { "\($0)".prefix { $0 != "(" }.description })
        }
        // A few are edits too: a new version reads the same records as other operations.
        #expect(sameHeader > unrelated * 9 / 10, "\(sameHeader) of \(unrelated) keep the header")
        #expect(counts.isSuperset(of: [1, 6, 10]) && kinds.count >= 10, "\(counts) \(kinds)")
        #expect(unrelated > made / 4 && unrelated < made / 2, "\(unrelated) of \(made)")
    }

    /// Nothing new to make: no result, so that libFuzzer's byte mutation runs instead.
    @Test func noNewProgramGivesNoResult() {
        var random = SeededGenerator(seed: 1)
        #expect(Mutator(profile: .history, maxSize: 256).mutate(Self.seed, using: &random, isNew: { _ in false }) == nil)
    }

    /// A cross-over keeps the first input's header, and either splices (the first input's first
    /// operations, then the second's last ones) or puts one operation of the second among the
    /// first's; both kinds happen.
    @Test func crossOverSplicesAtOperations() {
        let first: [UInt8] = [4, 0, 0, 0, 3, 0, 0, 1, 3, 0, 1, 2]
        let second: [UInt8] = [2, 0x3C, 0x15, 3, 2, 0, 0, 3, 2, 1, 0]
        let (a, b) = (Decoder.decode(first, profile: .everything).program, Decoder.decode(second, profile: .everything).program)
        let mutator = Mutator(profile: .everything, maxSize: 256)
        var (splices, transplants) = (0, 0)
        for seed in UInt64(0)..<200 {
            var random = SeededGenerator(seed: seed)
            guard let spliced = mutator.crossOver(first, second, using: &random, isNew: { $0 != a && $0 != b }) else { continue }
            let program = Decoder.decode(spliced, profile: .everything).program
            #expect(program.device == a.device && program.people == a.people)
            let operations = program.operations
            let fromFirst = operations.prefix { a.operations.contains($0) }
            let isSplice = Array(fromFirst) == Array(a.operations.prefix(fromFirst.count))
                && operations.dropFirst(fromFirst.count).allSatisfy { b.operations.contains($0) }
            let isTransplant = operations.indices.contains { i in
                var rest = operations
                return b.operations.contains(rest.remove(at: i)) && rest == a.operations
            }
            #expect(isSplice || isTransplant, "\(operations) from \(a.operations) and \(b.operations)")
            if isTransplant && !isSplice { transplants += 1 } else if isSplice && !isTransplant { splices += 1 }
        }
        #expect(splices > 0 && transplants > 0)
    }
}

/// The dictionary the mutator reads (libFuzzer's `-dict=` file): whole records and headers.
@Suite struct FuzzDictionaryTests {
    @Test func entriesAreRecordsOrHeaders() {
        let text = """
        # a comment with "quotes" is no entry
        header="\\x04\\x18\\x15\\x1A"
        save_add="\\x03\\x03\\x00\\x10"
        "\\x02\\x18\\x15"
        quoted="\\x02\\"\\\\"
        inside_another="\\x05\\x01"
        broken="\\x4"
        no quotes
        """
        let dictionary = FuzzDictionary(parsing: text)
        // "\x02\x18\x15" is both: a version 2 header and a record of two bytes; so is the escaped one.
        #expect(dictionary.records == [[0x03, 0x00, 0x10], [0x18, 0x15], [0x22, 0x5C]])
        #expect(dictionary.headers == [[0x04, 0x18, 0x15, 0x1A], [0x02, 0x18, 0x15], [0x02, 0x22, 0x5C]])
    }

    /// Every program target's dictionary gives the mutator records and headers to put in.
    @Test(arguments: EncodingPropertyTests.programTargets)
    func everyProgramTargetsDictionaryHasRecords(_ target: FuzzTarget) throws {
        let dictionary = try Self.dictionary(of: target)
        #expect(dictionary.records.count >= 5)
        #expect(!dictionary.headers.isEmpty)
    }

    /// FuzzLargeStores' dictionary starts crowds of every size above 130: an empty corpus's first
    /// programs take a header of the dictionary, and a crowd of 130 holds two people of the
    /// tables, whose names a large index's bugs (mutant 100) need.
    @Test func largeStoresDictionaryStartsEveryLargeCrowd() throws {
        let dictionary = try Self.dictionary(of: .largeStores)
        let crowds = Set(dictionary.headers.map { Decoder.decode($0, profile: .largeStores).program.device.crowd })
        #expect(crowds.isSuperset(of: DeviceSetup.crowdSizes.filter { $0 > 130 }))
    }

    /// FuzzLargeStores reads FuzzSearchMatching's language, so its dictionary, a file of its own
    /// for its headers, keeps every record and header of that target's.
    @Test func largeStoresDictionaryHoldsSearchMatchingsEntries() throws {
        let (large, search) = try (Self.dictionary(of: .largeStores), Self.dictionary(of: .searchMatching))
        #expect(Set(large.records).isSuperset(of: search.records))
        #expect(Set(large.headers).isSuperset(of: search.headers))
    }

    static func dictionary(of target: FuzzTarget) throws -> FuzzDictionary {
        let path = ReplayTests.root.appendingPathComponent("Fuzz/Dictionaries/\(target.rawValue).dict")
        return FuzzDictionary(parsing: try String(contentsOf: path, encoding: .utf8))
    }

    /// A dictionary of one record (a save that adds a person, then reopens) and one header (the
    /// invariant check), and a mutator that reads it and only edits (no new random programs).
    static let record: [UInt8] = [0x03, 0x00, 0x10, 0x00, 0x01, 0x07, 0x00, 0x00, 0x02]
    static let header: [UInt8] = [0x02, 0xD4, 0x16]
    static var mutator: Mutator {
        var dictionary = FuzzDictionary()
        (dictionary.records, dictionary.headers) = ([record], [header])
        return Mutator(profile: .everything, maxSize: 256, dictionary: dictionary, generatedShare: 0)
    }

    /// The dictionary edit puts a record in whole: some mutation's program holds the operation
    /// that the record alone spells; and some takes the dictionary's header.
    @Test func theDictionaryEditPutsInWholeRecordsAndHeaders() {
        let (record, header, mutator) = (Self.record, Self.header, Self.mutator)
        // Without the save, whose steps a version 2 header reads otherwise.
        let input = Array(MutatorTests.seed.dropLast(8))
        let before = Decoder.decode(input, profile: .everything).program
        let added = Decoder.decode(Array(input.prefix(Decoder.headerLength(input[0]))) + [UInt8(record.count)] + record,
                                   profile: .everything).program.operations
        let fromHeader = Decoder.decode(header, profile: .everything).program
        #expect(added.count == 1 && !before.operations.contains(added[0]))
        var (recordsPut, headersPut) = (0, 0)
        for seed in UInt64(0)..<400 {
            var random = SeededGenerator(seed: seed)
            guard let mutated = mutator.mutate(input, using: &random, isNew: { $0 != before }) else { continue }
            let program = Decoder.decode(mutated, profile: .everything).program
            if program.operations.count == before.operations.count + 1, program.operations.contains(added[0]) { recordsPut += 1 }
            if program.initialStatus == fromHeader.initialStatus, program.operations == before.operations { headersPut += 1 }
        }
        #expect(recordsPut > 0 && headersPut > 0)
    }

    /// An empty corpus's first input is no program: its edits start from the dictionary's
    /// header and grow by the dictionary's records, not by zeros and random bytes.
    @Test func anEmptyInputStartsFromTheDictionary() {
        let mutator = Self.mutator
        let fromDictionary = Decoder.decode(Self.header + [UInt8(Self.record.count)] + Self.record, profile: .everything).program
        var (made, headers, records) = (0, 0, 0)
        for seed in UInt64(0)..<200 {
            var random = SeededGenerator(seed: seed)
            guard let mutated = mutator.mutate([], using: &random, isNew: { !$0.operations.isEmpty }) else { continue }
            let program = Decoder.decode(mutated, profile: .everything).program
            made += 1
            if program.initialStatus == fromDictionary.initialStatus && program.people == fromDictionary.people { headers += 1 }
            if program.operations.contains(fromDictionary.operations[0]) { records += 1 }
        }
        #expect(made > 150 && headers > made * 3 / 4 && records > made / 2, "\(made) made, \(headers) headers, \(records) records")
    }

    /// A new random program takes three in ten of its operations whole from the dictionary, and
    /// in its others more than one byte in five is a raw value's marker (0xF0 or more), where
    /// uniform bytes would make one in sixteen.
    @Test func newProgramsTakeDictionaryRecordsAndRawMarkers() {
        let mutator = Self.mutator
        var (operations, fromDictionary, bytes, markers) = (0, 0, 0, 0)
        for seed in UInt64(0)..<300 {
            var random = SeededGenerator(seed: seed)
            let program = mutator.generated(behind: Self.header, using: &random)
            #expect(program.header == Self.header)
            for record in program.records {
                operations += 1
                if record.body == Self.record { fromDictionary += 1; continue }
                bytes += record.body.count - 1
                markers += record.body.dropFirst().filter { $0 >= Decoder.rawByte }.count
            }
        }
        let share = Double(fromDictionary) / Double(operations)
        #expect(share > 0.25 && share < 0.35, "\(fromDictionary) of \(operations) operations from the dictionary")
        #expect(markers * 5 > bytes, "\(markers) raw markers of \(bytes) bytes")
    }
}

/// The vCard targets' mutator: it edits lines, so a file keeps its lines whole and a generated
/// input its header.
@Suite struct VCardMutatorTests {
    static let file = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John;;;\r\nFN:John Doe\r\nEND:VCARD\r\n".utf8)
    /// Generated: the header (shape, options), then lines of a property byte, a modifier and a value selector.
    static let generated: [UInt8] = [0, 0, 0, 0, 0, 1, 1, 0, 2, 2, 16, 0, 3]

    /// A file's lines by its LF bytes (a `String` would hold CR LF as one character).
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    }

    @Test func aFileKeepsWholeLinesThroughEveryEdit() {
        let mutator = VCardMutator(maxSize: 4_096)
        var kinds: Set<String> = []
        for seed in UInt64(0)..<500 {
            var random = SeededGenerator(seed: seed)
            // A new generated input in its place is no edit of the file.
            guard let mutated = mutator.mutate(Self.file, using: &random), mutated.first != 0 else { continue }
            let lines = Self.lines(mutated), before = Self.lines(Self.file)
            if lines.count > before.count { kinds.insert("more lines") }
            if lines.count < before.count { kinds.insert("fewer lines") }
            let sameLines = lines.sorted { $0.lexicographicallyPrecedes($1) } == before.sorted { $0.lexicographicallyPrecedes($1) }
            if lines.count == before.count { kinds.insert(sameLines ? "moved" : "changed a line") }
        }
        #expect(kinds == ["more lines", "fewer lines", "moved", "changed a line"])
    }

    /// Bytes leave a line or come into it, and its line end stays: "N:Doe;John" can become
    /// "N:;John" without a new line or a lost one.
    @Test func aLineLosesOrGainsBytesAndKeepsItsEnd() {
        let mutator = VCardMutator(maxSize: 4_096)
        let before = Self.lines(Self.file)
        var kinds: Set<String> = []
        for seed in UInt64(0)..<500 {
            var random = SeededGenerator(seed: seed)
            guard let mutated = mutator.mutate(Self.file, using: &random), mutated.first != 0 else { continue }
            let lines = Self.lines(mutated)
            guard lines.count == before.count, mutated.last == 0x0A else { continue }
            let changed = zip(lines, before).filter { $0 != $1 }
            guard changed.count == 1, let (line, old) = changed.first, line.count != old.count else { continue }
            #expect(line.last == 0x0D, "the CR of the line's CR LF stays")
            kinds.insert(line.count < old.count ? "shorter" : "longer")
            if Self.repeatsAPiece(of: old, in: line) { kinds.insert("a piece repeated") }
        }
        #expect(kinds == ["shorter", "longer", "a piece repeated"])
    }

    /// Whether `line` is `old` with one to 63 more copies of a piece of one to four of its
    /// bytes put before that piece, two bytes or more (one is any byte put in).
    static func repeatsAPiece(of old: [UInt8], in line: [UInt8]) -> Bool {
        let added = line.count - old.count
        guard added >= 2 else { return false }
        return old.indices.contains { at in
            line[..<at] == old[..<at] && Array(line[(at + added)...]) == Array(old[at...]) && (1...4).contains { width in
                at + width <= old.count && added % width == 0 && added / width <= 63
                    && Array(line[at..<(at + added)]) == Array(repeatElement(old[at..<(at + width)], count: added / width).joined())
            }
        }
    }

    @Test func aGeneratedInputIsEditedByItsLines() {
        #expect(VCardText.layout(Self.generated).lines.count == 3)
        let mutator = VCardMutator(maxSize: 4_096)
        var lineCounts: Set<Int> = []
        for seed in UInt64(0)..<300 {
            var random = SeededGenerator(seed: seed)
            guard let mutated = mutator.mutate(Self.generated, using: &random) else { continue }
            #expect(mutated.first == 0, "a generated input stays generated")
            lineCounts.insert(VCardText.layout(mutated).lines.count)
        }
        #expect(lineCounts.isSuperset(of: [2, 3, 4]))
    }

    /// A field edit of a file's line puts another name of the vocabulary after its group,
    /// another value after its colon, or a parameter after its name; the rest stays.
    @Test func aFileLineChangesOneFieldInItsPlace() {
        let line = Array("item1.TEL;TYPE=HOME:1\r\n".utf8)
        var names: Set<String> = [], values: Set<String> = [], parameters: Set<[UInt8]> = []
        for seed in UInt64(0)..<3_000 {
            var random = SeededGenerator(seed: seed)
            let edited = VCardMutator.field(of: line, using: &random)
            let text = String(decoding: edited, as: UTF8.self)
            if let name = VCardVocabulary.propertyNames.first(where: { text == "item1.\($0);TYPE=HOME:1\r\n" }) {
                names.insert(name)
            } else if let value = VCardVocabulary.values.first(where: { text == "item1.TEL;TYPE=HOME:\($0)\r\n" }) {
                values.insert(value)
            } else if let parameter = VCardVocabulary.parameters.first(where: {
                edited == Array("item1.TEL".utf8) + $0 + Array(";TYPE=HOME:1\r\n".utf8)
            }) {
                parameters.insert(parameter)
            } else {
                Issue.record("not one field changed in its place: \(text.debugDescription)")
            }
        }
        #expect(names == Set(VCardVocabulary.propertyNames))
        #expect(values == Set(VCardVocabulary.values))
        #expect(parameters == Set(VCardVocabulary.parameters))
        var random = SeededGenerator(seed: 1)
        let junk = Array("no colon here\n".utf8)
        #expect((0..<1_000).contains { _ in
            String(decoding: VCardMutator.field(of: junk, using: &random), as: UTF8.self) == "no colon here:x\n"
        }, "a line without a colon gets one before its value")
    }

    /// A field edit of a generated line changes one byte: the property or the value to another
    /// entry of its table, the modifier by a bit. So an N line comes to hold every value of the
    /// vocabulary, such as `;John;;;` (no family name), which a changed byte rarely spells.
    @Test func aGeneratedLineChangesOneFieldToAnotherEntryOfItsTable() {
        // Header (shape, options), then N (property 0) with modifier 0 and value 1 ("x").
        let input: [UInt8] = [0, 0, 0, 0, 0, 1]
        let layout = VCardText.layout(input)
        let names = VCardVocabulary.propertyNames.count + VCardVocabulary.junkLines.count
        #expect(layout.lines == [3..<6])
        #expect(layout.domains == [1, 256, 256, names + 1, 256, VCardVocabulary.values.count])
        let line = Array(input[3...]), domains = Array(layout.domains[3...])
        var properties: Set<UInt8> = [], values: Set<UInt8> = [], modifiers: Set<UInt8> = [], nLines: Set<String> = []
        for seed in UInt64(0)..<3_000 {
            var random = SeededGenerator(seed: seed)
            let edited = VCardMutator.field(of: line, domains: domains, using: &random)
            #expect(zip(edited, line).filter { $0 != $1 }.count == 1, "one byte changes")
            if edited[0] != line[0] { properties.insert(edited[0]) }
            if edited[1] != line[1] { modifiers.insert(edited[1]) }
            if edited[2] != line[2] { values.insert(edited[2]) }
            let file = String(decoding: VCardText.input(Array(input[..<3]) + edited).file, as: UTF8.self)
            nLines.formUnion(file.split(separator: "\r\n").map(String.init).filter { $0.hasPrefix("N:") })
        }
        #expect(properties == Set((1...names).map(UInt8.init)))
        #expect(values == Set((0..<VCardVocabulary.values.count).map(UInt8.init)).subtracting([1]))
        #expect(modifiers == Set((0..<8).map { 1 << $0 }))
        #expect(nLines.isSuperset(of: VCardVocabulary.values.map { "N:" + $0 }))
    }

    /// A new generated input is a whole card: an N line of a value without a family name
    /// beside an FN line (mutant 96's input), which edits reach one line at a time.
    @Test func aNewGeneratedInputIsAWholeCard() {
        let mutator = VCardMutator(maxSize: 4_096)
        let familyLess = [";John;;;", ";;Quincy;;", ";;;Dr.;"]
        var names: Set<String> = [], withFormattedName = 0
        for seed in UInt64(0)..<2_000 {
            var random = SeededGenerator(seed: seed)
            let made = mutator.generated(using: &random)
            #expect(made.first == 0, "a generated input")
            let lines = String(decoding: VCardText.input(made).file, as: UTF8.self).split(whereSeparator: \.isNewline)
            let found = familyLess.filter { lines.contains("N:" + $0) }
            names.formUnion(found)
            if !found.isEmpty, lines.contains(where: { $0.hasPrefix("FN:") && $0.count > 3 }) { withFormattedName += 1 }
        }
        #expect(names == Set(familyLess))
        #expect(withFormattedName > 0)
    }

    /// An entry of the dictionary goes into a file's line, before its line end: `TYPE=friend`
    /// anywhere in a line of the card, where libFuzzer's own insertion could split a CR LF.
    @Test func aDictionaryEntryGoesIntoALine() {
        var dictionary = FuzzDictionary()
        dictionary.entries = [Array("TYPE=friend".utf8)]
        let mutator = VCardMutator(maxSize: 4_096, dictionary: dictionary)
        let before = Self.lines(Self.file)
        var places: Set<Int> = []
        for seed in UInt64(0)..<2_000 {
            var random = SeededGenerator(seed: seed)
            guard let mutated = mutator.mutate(Self.file, using: &random), mutated.count == Self.file.count + 11 else { continue }
            let lines = Self.lines(mutated)
            guard lines.count == before.count, let i = lines.indices.first(where: { lines[$0] != before[$0] }) else { continue }
            let line = lines[i], old = before[i]
            guard let start = line.indices.first(where: { $0 >= old.count || line[$0] != old[$0] }), start + 11 <= line.count,
                  Array(line[start..<(start + 11)]) == Array("TYPE=friend".utf8) else { continue }
            #expect(Array(line[..<start] + line[(start + 11)...]) == old)
            #expect(line.suffix(1) == [0x0D], "the line's CR LF stays whole")
            places.insert(start)
        }
        #expect(places.count > 5)
    }

    /// New lines of a generated input hold bytes that are no UTF-8 under a single-byte
    /// `CHARSET` (SPEC 12), which no value of the vocabulary holds: about one mutation in 100
    /// writes one, where plain lines and random bytes alone wrote none in 3,000.
    @Test func newLinesHoldBytesUnderACharset() {
        let mutator = VCardMutator(maxSize: 4_096)
        var found = 0
        for seed in UInt64(0)..<3_000 {
            var random = SeededGenerator(seed: seed)
            guard let mutated = mutator.mutate(Self.generated, using: &random) else { continue }
            let lines = VCardText.input(mutated).file.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D })
            if lines.contains(where: { line in
                let text = String(decoding: line, as: UTF8.self).uppercased()
                return (text.contains("CHARSET=ISO-8859-1") || text.contains("CHARSET=WINDOWS-1252"))
                    && String(validating: line, as: UTF8.self) == nil
            }) { found += 1 }
        }
        #expect(found >= 14)
    }

    @Test func aCrossOverSplicesLines() {
        let other = Array("BEGIN:VCARD\nTEL:1\nEND:VCARD\n".utf8)
        let mutator = VCardMutator(maxSize: 4_096)
        for seed in UInt64(0)..<100 {
            var random = SeededGenerator(seed: seed)
            guard let spliced = mutator.crossOver(Self.file, other, using: &random) else { continue }
            #expect(Set(Self.lines(spliced)).isSubset(of: Set(Self.lines(Self.file) + Self.lines(other))))
        }
    }
}
