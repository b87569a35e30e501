import ContactCoreTesting
import Foundation
import PropertyBased
import Testing

/// The model-based property: generated programs, as every target's profile decodes them, run
/// the same on the device and on the model. Shrinking drops whole records (operations); a
/// failure prints the reduced program as a Swift test and its bytes.
@Suite struct HarnessPropertyTests {
    static let cases = ProcessInfo.processInfo.environment["CONTACTCORE_PROPERTY_CASES"].flatMap { Int($0) } ?? 200

    /// The version byte, two header bytes (version 4: three), then records behind their length bytes.
    static let inputs = zip(Gen.uint8().array(of: 4), Gen.uint8().array(of: 1...12).array(of: 0...12))
        .map { (header: [UInt8], records: [[UInt8]]) -> [UInt8] in
            // Half are version 4, chosen by the fourth byte's low bit.
            var bytes: [UInt8] = header[3] & 1 == 0 ? [Decoder.version] + header.prefix(2) : [Decoder.deviceVersion] + header.prefix(3)
            for record in records { bytes += [UInt8(record.count)] + record }
            return bytes
        }

    /// The same programs on both back ends (SPEC 13): each must agree with the model, so a
    /// difference between them fails one of the two.
    @Test(arguments: FuzzTarget.allCases, BackEndChoice.allCases)
    func deviceAgreesWithTheModel(_ target: FuzzTarget, _ backEnd: BackEndChoice) async {
        guard target.vCardCheck == nil || backEnd == .memory else { return }  // no device: nothing to store
        await propertyCheck(count: Self.cases, input: Self.inputs) { bytes in
            if let (failure, reduced) = target.explain(bytes, on: backEnd.backEnd) {
                Issue.record("\(target.rawValue) on \(backEnd) \(failure)\n\nreduced input: \(reduced)")
            }
        }
    }
}
