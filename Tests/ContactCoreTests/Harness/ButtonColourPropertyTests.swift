import ContactCore
import ContactCoreTesting
import PropertyBased
import Testing

/// SPEC 8's contrast rule over colours of any value: a tap with raw colours (the primary
/// text's, the tint's, the background's) on a device where it would grant, run by the runner
/// and checked against the model, which measures the colours by WCAG 2's text.
@Suite struct ButtonColourPropertyTests {
    static let colors = Gen.uint8().array(of: 9).map { bytes in
        ButtonColors(foreground: RGB(bytes[0], bytes[1], bytes[2]), tint: RGB(bytes[3], bytes[4], bytes[5]),
                     background: RGB(bytes[6], bytes[7], bytes[8]))
    }

    @Test func aTapCountsExactlyWhenItsColoursContrast() async {
        await propertyCheck(count: 1_000, input: Self.colors) { colors in
            var program = Program()
            program.people = [1, 2, 4]
            program.initialStatus = [.limited(1), .notDetermined, .authorized]
            let tap = Tap(query: QueryText(text: "ann", tokens: ["ann"]), picks: [0, 1], colors: colors)
            program.operations = [.button(app: 0, tap), .button(app: 1, tap), .fetch(app: 0, .all, keys: Keys(bits: 1), sort: .none)]
            if let failure = Runner.run(program) { Issue.record("\(failure)") }
        }
    }
}
