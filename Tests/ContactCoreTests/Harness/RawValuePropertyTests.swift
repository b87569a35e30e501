import ContactCore
import ContactCoreTesting
import PropertyBased
import Testing

/// Issue 47: values no table lists, written by a save and read back on both back ends. Each
/// contact carries a raw note, a raw birthday, a raw country code and further numbers and
/// addresses under raw labels, read by the program language's own raw forms
/// (``Decoder/draft(_:)``); the runner compares the save's outcome and every key fetched with
/// the model, which takes each value by the contract's text (SPEC 2: any custom label; SPEC 6:
/// the dates in range; Decisions, "Country codes": two ASCII letters, kept in lower case).
@Suite struct RawValuePropertyTests {
    /// Scalars of any plane, with the ones vCard and storage treat specially made likely.
    static let scalar = Gen.oneOf(
        Gen.element(of: Array("\r\n\0^;,\\: \t_$!<>".unicodeScalars)).map { (special: Unicode.Scalar?) -> Unicode.Scalar in special ?? " " },
        Gen.uint8(in: 0x20...0x7E).map { (byte: UInt8) -> Unicode.Scalar in Unicode.Scalar(byte) },
        Gen.uint32(in: 0x80...0x10_FFFF).map { (value: UInt32) -> Unicode.Scalar in Unicode.Scalar(value) ?? "\u{FFFD}" })
    static let text = scalar.array(of: 0...6)
    /// Labels are never empty here: the tables hold the empty one, which refuses the save.
    static let label = scalar.array(of: 1...6)
    /// Country codes: two ASCII letters in any case half the time, else other letters and lengths.
    static let letter = Gen.element(of: Array("aBzZuSéü1 ".unicodeScalars)).map { (letter: Unicode.Scalar?) -> Unicode.Scalar in letter ?? "a" }
    static let countryCode = Gen.oneOf(Gen.uint8(in: 0...51).map { (n: UInt8) -> Unicode.Scalar in Unicode.Scalar(n < 26 ? 0x41 + n : 0x61 + n - 26) }.array(of: 2),
                                       letter.array(of: 0...4), scalar.array(of: 0...3))

    /// A draft's bytes: person, flags (note, birthday and more always; a first number and
    /// address by chance), the raw note, the raw birthday, then one to three further values
    /// under raw labels.
    static let drafts = zip(Gen.uint8().array(of: 8), text, label.array(of: 1...3), countryCode)
        .map { (picks: [UInt8], note: [Unicode.Scalar], labels: [[Unicode.Scalar]], code: [Unicode.Scalar]) -> Draft in
            // A raw birthday in half the drafts (most are out of range, and refuse the whole
            // save), a raw country code in half.
            let flags = 0x84 | picks[1] & 0x63
            var bytes = [picks[0], flags] + (flags & 1 != 0 ? [picks[2]] : []) + (flags & 2 != 0 ? [picks[3]] : [])
            bytes += Decoder.rawTextBytes(note)
            if flags & 0x20 != 0 {
                let dateFlags = Decoder.rawByte | picks[4] & 7
                // The year at an edge of its range in half the drafts that have one (a first byte 0x80–0xBF).
                let yearHigh = picks[5] & 0x40 != 0 ? 0x80 | picks[5] & 0x3F : picks[5]
                bytes += [dateFlags] + (dateFlags & 1 != 0 ? [yearHigh, picks[6]] : []) + [picks[6], picks[7]]
            }
            if flags & 0x40 != 0 { bytes += Decoder.rawTextBytes(code) }
            // Further numbers (bits 0–1) and addresses (bits 2–3), no details.
            let phones = labels.count / 2, emails = labels.count - phones
            bytes.append(UInt8(phones | emails << 2))
            for (index, label) in labels.enumerated() { bytes += [picks[index]] + Decoder.rawTextBytes(label) }
            return Decoder.draft(bytes)
        }

    @Test(arguments: BackEndChoice.allCases)
    func rawValuesAreStoredAsTheContractSays(_ backEnd: BackEndChoice) async {
        await propertyCheck(count: 300, input: Self.drafts) { draft in
            var program = Program()
            program.initialStatus = [.authorized, .notDetermined, .notDetermined]
            program.operations = [.save(app: 0, author: 0, steps: [.add(draft)]),
                                  .fetch(app: 0, .all, keys: Keys(bits: 0xFF), sort: .none)]
            program.reopensAfter = [0]
            if let failure = Runner.run(program, on: backEnd.backEnd) {
                Issue.record("\(failure)\n\(Printer.test(program, name: "rawValues", failure: failure))")
            }
        }
    }

    /// The property's draws reach each edge of the contract: a year past 9999 and one before
    /// 1, a valid birthday, a blank label, a note ending in a line break, a NUL, a country code
    /// with an upper-case letter that is saved, one of three letters and one of one.
    @Test func drawsReachTheContractsEdges() {
        var generator = Xoshiro(seed: (0x47ED, 1, 2, 3))
        var drafts: [Draft] = []
        for _ in 0..<300 { drafts.append(Self.drafts.run(using: &generator)) }
        let birthdays = drafts.compactMap(\.birthday), labels = drafts.flatMap { $0.more.phones + $0.more.emails }.compactMap(\.raw)
        let counts = (yearPast9999: birthdays.filter { ($0.year ?? 0) > 9_999 }.count,
                      yearBefore1: birthdays.filter { ($0.year ?? 1) < 1 }.count,
                      valid: birthdays.filter(Model.isValid).count,
                      blankLabels: labels.filter { !$0.isEmpty && $0.allSatisfy(\.isWhitespace) }.count,
                      noteEndingInABreak: drafts.filter { $0.note.last?.isNewline == true }.count,
                      nul: drafts.filter { $0.note.utf8.contains(0) }.count)
        let codes = drafts.compactMap(\.more.countryCode)
        let codeCounts = (upperCaseCode: codes.filter { !$0.isEmpty && Model.isValidCountryCode($0) && $0 != $0.lowercased() }.count,
                          threeLetters: codes.filter { $0.count == 3 }.count, oneLetter: codes.filter { $0.count == 1 }.count)
        print("RawValueReach: of 300 drafts: \(counts), \(codeCounts)")
        #expect(counts.yearPast9999 >= 3 && counts.yearBefore1 >= 10 && counts.valid >= 10 && counts.blankLabels >= 3
                && counts.noteEndingInABreak >= 5 && counts.nul >= 10)
        #expect(codeCounts.upperCaseCode >= 10 && codeCounts.threeLetters >= 5 && codeCounts.oneLetter >= 5)
    }
}
