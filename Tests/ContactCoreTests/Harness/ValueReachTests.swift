import ContactCore
import ContactCoreTesting
import PropertyBased
import Testing

/// Values no table lists (issue 47), counted over version 4 inputs as the harness property
/// draws them: a raw form the default run never writes is a rule no program checks.
@Suite struct ValueReachTests {
    /// The taps of 4,000 version 4 inputs of the search profile (the button's target), 3 to 200 bytes.
    static let taps: [Tap] = {
        var generator = SeededGenerator(seed: 0xC0105)
        return (0..<4_000).flatMap { _ in
            let bytes = [Decoder.deviceVersion] + (0..<(3 + Int(generator.next() % 198))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            return FuzzTarget.searchMatching.program(bytes).operations.compactMap { op -> Tap? in
                if case .button(_, let tap) = op { tap } else { nil }
            }
        }
    }()

    /// SPEC 8's contrast rule meets colours of every hue: legible and not, and pairs whose
    /// verdict would change if a channel's weight went to another (red and blue, or green and
    /// red, swapped in the luminance), or if the tint were measured in place of the text.
    @Test func buttonColoursOfAnyValue() {
        let colored = Self.taps.compactMap(\.colors)
        func legible(_ text: RGB, _ background: RGB, swap: (RGB) -> RGB = { $0 }) -> Bool {
            let (a, b) = (Model.luminance(swap(text)), Model.luminance(swap(background)))
            return (max(a, b) + 0.05) / (min(a, b) + 0.05) >= 4.5
        }
        let redBlue = { (c: RGB) in RGB(c.blue, c.green, c.red) }, greenRed = { (c: RGB) in RGB(c.green, c.red, c.blue) }
        let counts = (
            legible: colored.filter { legible($0.foreground, $0.background) }.count,
            illegible: colored.filter { !legible($0.foreground, $0.background) }.count,
            redBlue: colored.filter { legible($0.foreground, $0.background) != legible($0.foreground, $0.background, swap: redBlue) }.count,
            greenRed: colored.filter { legible($0.foreground, $0.background) != legible($0.foreground, $0.background, swap: greenRed) }.count,
            tint: colored.filter { legible($0.foreground, $0.background) != legible($0.tint, $0.background) }.count)
        print("ValueReach: of \(Self.taps.count) taps, \(colored.count) with raw colours: \(counts)")
        #expect(colored.count >= 200)
        #expect(counts.legible >= 20 && counts.illegible >= 20 && counts.redBlue >= 10 && counts.greenRed >= 10 && counts.tint >= 20)
    }

    /// The drafts that saves write in 2,000 inputs as the harness property draws them (half
    /// version 2, half version 4; 0 to 12 records of 1 to 12 bytes), decoded by every
    /// program target: raw notes, birthdays, labels and country codes occur beside the tables'.
    /// Records this short rarely reach the contract's edges; ``RawValuePropertyTests`` draws those.
    @Test func programsWriteRawNotesBirthdaysLabelsAndCountryCodes() {
        var generator = Xoshiro(seed: (0x4A47, 1, 2, 3))
        var drafts: [Draft] = []
        for _ in 0..<2_000 {
            let bytes = HarnessPropertyTests.inputs.run(using: &generator)
            for target in FuzzTarget.allCases where target.vCardCheck == nil {
                for case .save(_, _, let steps) in target.program(bytes).operations {
                    for step in steps {
                        switch step {
                        case .add(let draft), .addTo(_, let draft), .update(_, let draft): drafts.append(draft)
                        default: break
                        }
                    }
                }
            }
        }
        let tableNotes = Set(Vocabulary.notes), tableBirthdays = Set(Vocabulary.birthdays)
        let notes = drafts.map(\.note).filter { !tableNotes.contains($0) }
        let birthdays = drafts.compactMap(\.birthday).filter { !tableBirthdays.contains($0) }
        let labels = drafts.flatMap { $0.more.phones + $0.more.emails }.compactMap(\.raw)
        let codes = drafts.compactMap(\.more.countryCode)
        let validCodes = codes.filter(Model.isValidCountryCode)
        print("ValueReach: of \(drafts.count) drafts, \(notes.count) raw notes, \(birthdays.count) raw birthdays, \(labels.count) raw labels, \(codes.count) raw country codes (\(validCodes.count) valid)")
        #expect(notes.count >= 30 && birthdays.count >= 30 && labels.count >= 5 && codes.count >= 10 && validCodes.count >= 1)
    }

    /// FuzzVCardExport's inputs (`[0]` and 0 to 400 random bytes, as the vCard property draws
    /// them) write text no read gives: a lone CR, a CR before an LF, a NUL.
    @Test func vCardExportsTextAnAppWrote() {
        var generator = SeededGenerator(seed: 0x7E47)
        let texts = (0..<2_000).compactMap { _ in
            VCardText.input([0] + (0..<Int(generator.next() % 401)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }).appText
        }
        let scalars = texts.map { Array($0.unicodeScalars) }
        let loneCR = scalars.filter { s in s.indices.contains { s[$0] == "\r" && ($0 + 1 == s.count || s[$0 + 1] != "\n") } }.count
        let crLF = texts.filter { $0.utf8.contains(13) && $0.utf8.contains(10) }.count
        let nul = texts.filter { $0.utf8.contains(0) }.count
        print("ValueReach: of 2,000 vCard inputs, \(texts.count) carry an app's text: \(loneCR) a lone CR, \(crLF) a CR and an LF, \(nul) a NUL")
        #expect(texts.count >= 800 && loneCR >= 50 && crLF >= 20 && nul >= 40)
    }
}
