import ContactCore
import ContactCoreTesting
import Testing

/// The printed test must compile whatever text a program holds.
@Suite struct PrinterTests {
    /// Line ends, separators, controls and quotes come out escaped; letters of any script as they are.
    @Test func aStringLiteralHoldsNoLineBreakOrControl() {
        #expect(Printer.literal("a\r\nb\u{2028}c\u{85}d\u{0}e\u{3000}f\u{200B}") == #""a\u{D}\u{A}b\u{2028}c\u{85}d\u{0}e\u{3000}f\u{200B}""#)
        #expect(Printer.literal(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(Printer.literal("王小明 Ånna") == "\"王小明 Ånna\"")
        #expect(Printer.literal("\u{301}e\u{301}") == #""\u{301}e"# + "\u{301}\"")
    }

    /// A program whose query is typed with white space around it prints on one line per operation.
    @Test func aPaddedQueryPrintsAsOneLine() {
        let tap = Tap(query: QueryText(text: "\t+1 612 345 678 \r\n", tokens: ["1", "612", "345", "678"]))
        var program = Program()
        program.operations = [.button(app: 1, tap), .fetch(app: 0, .name(QueryText(text: "\u{3000}a\u{2028}\u{85}", tokens: ["a"])),
                                                            keys: Keys(bits: 1), sort: .none)]
        let lines = Printer.test(program, name: "padded", failure: nil).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains(".button(") || $0.contains(".fetch(") }.count == 2)
        #expect(!lines.contains { $0.unicodeScalars.contains { [0x0D, 0x2028, 0x85].contains($0.value) } })
    }
}
