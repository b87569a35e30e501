import ContactCoreTesting
import Foundation
import PropertyBased
import Testing
@testable import ContactCore

/// SPEC 12's round trip and folding as properties. Case count from `CONTACTCORE_PROPERTY_CASES`
/// (default 100).
@Suite("VCard properties")
struct VCardPropertyTests {
    @Test(arguments: [VCardVersion.v3_0, .v4_0])
    func exportThenImportIsTheIdentity(_ version: VCardVersion) async {
        await propertyCheck(count: VCardGen.cases, input: VCardGen.contact.array(of: 1...3)) { contacts in
            let data = VCardSerialization.data(from: contacts, version: version)
            #expect(VCardExportCheck.foldingProblem([UInt8](data)) == nil)
            do {
                let back = try VCardSerialization.contacts(from: data)
                let expected = contacts.map(VCardGen.asRead)
                let differences = zip(expected, back).flatMap { VCardFields.differences($0, $1, "written", "read") }
                #expect(back == expected, "\(differences.joined(separator: "\n"))\n\(String(decoding: data, as: UTF8.self))")
            } catch {
                Issue.record("\(error)\n\(String(decoding: data, as: UTF8.self))")
            }
        }
    }

    @Test func importThenExportThenImportIsStable() async {
        // FuzzVCard's structured inputs: files of real property names, parameters and values.
        await propertyCheck(count: VCardGen.cases * 3, input: Gen.uint8().array(of: 0...400)) { bytes in
            if let failure = VCardCheck.check([0] + bytes) ?? VCardExportCheck.check([0] + bytes) { Issue.record("\(failure)") }
        }
    }

    @Test func anyBytesAreATypedErrorOrRoundTrip() async {
        await propertyCheck(count: VCardGen.cases * 3, input: Gen.uint8().array(of: 0...300)) { bytes in
            let framed = Array("BEGIN:VCARD\r\n".utf8) + bytes + Array("\r\nEND:VCARD\r\n".utf8)
            if let failure = VCardCheck.check(framed) ?? VCardExportCheck.check(framed) { Issue.record("\(failure)") }
        }
    }

    @Test func foldingNeverSplitsUTF8NorExceeds75Octets() async {
        await propertyCheck(count: VCardGen.cases * 3, input: VCardGen.text, Gen.int(in: 0...80)) { text, prefix in
            // The writer escapes line breaks before folding, so a line to fold never holds one.
            let line = Array(String(repeating: "p", count: prefix).utf8) + text.utf8.filter { $0 != 10 && $0 != 13 }
            var output: [UInt8] = []
            VCardLineWriter.fold(line, into: &output)
            #expect(VCardExportCheck.foldingProblem(output) == nil, "\(text.debugDescription)")
            // Unfolding (CRLF and one space removed) gives the line back.
            var unfolded: [UInt8] = []
            var index = 0
            while index < output.count {
                if output[index] == 13, index + 2 < output.count, output[index + 1] == 10, output[index + 2] == 32 {
                    index += 3
                } else {
                    unfolded.append(output[index])
                    index += 1
                }
            }
            #expect(unfolded == line + [13, 10])
        }
    }
}
