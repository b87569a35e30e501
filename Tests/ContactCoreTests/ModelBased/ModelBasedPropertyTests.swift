import ContactCoreTesting
import PropertyBased
import Testing

/// The store against the reference model on generated scenarios: the same decoding and the
/// same checks as the fuzz targets, on inputs PropertyBased generates and shrinks.
///
/// A failure prints the shrunk scenario as a Swift program, the input bytes (save them under
/// `Fuzz/Regressions/<Target>/` to keep the case), and PropertyBased's `.fixedSeed` hint.
@Suite("Model-based properties")
struct ModelBasedPropertyTests {
    @Test("FuzzPermittedSet scenarios: several apps, Settings, prompts, pickers, saves, reads")
    func permittedSetScenariosAgreeWithTheModel() async {
        await propertyCheck(count: EngineInputs.cases, input: EngineInputs.permittedSet) { input in
            if let failure = PermittedSetFuzz.check(input) {
                Issue.record("\(failure)\nInput (FuzzPermittedSet): \(EngineInputs.literal(input))")
            }
        }
    }

    @Test("FuzzIdentifierFetch scenarios: SPEC 5's identifier rule, hidden is missing")
    func identifierFetchScenariosAgreeWithTheModel() async {
        await propertyCheck(count: EngineInputs.cases, input: EngineInputs.identifierFetch) { input in
            if let failure = IdentifierFetchFuzz.check(input) {
                Issue.record("\(failure)\nInput (FuzzIdentifierFetch): \(EngineInputs.literal(input))")
            }
        }
    }
}
