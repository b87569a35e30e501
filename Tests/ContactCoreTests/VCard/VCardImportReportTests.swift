import ContactCore
import Foundation
import Testing

/// Issue 47: what the import report counts. An `X-ABADR` that sets no code is ignored whatever
/// else its group holds; a kept card or a photo kept in part is never a skipped property.
@Suite("VCard import report")
struct VCardImportReportTests {
    /// The same `X-ABADR`, beside a phone (no address to set), counts once as ignored, with or
    /// without an `X-ABLabel` in its group.
    @Test(arguments: [false, true])
    func anXABADRThatSetsNoCodeIsIgnoredWhateverTheLabel(labelled: Bool) throws {
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "N:Lee;Ann;;;", "item1.TEL:555 0100", "item1.X-ABADR:us"]
        if labelled { lines.append("item1.X-ABLabel:Boat") }
        lines.append("END:VCARD")
        let read = try VCardSerialization.read(Data((lines.joined(separator: "\r\n") + "\r\n").utf8))
        #expect(read.report.ignoredPropertyNames["X-ABADR"] == 1, "\(read.report)")
        #expect(read.report.ignoredPropertyNames["X-ABLABEL"] == nil)
        #expect(read.contacts.first?.phoneNumbers.first?.label?.rawValue == (labelled ? "Boat" : nil))
    }

    /// Beside an address, the code is used and nothing is ignored, with or without a label; a
    /// second `X-ABADR` in the group is ignored either way.
    @Test(arguments: [false, true])
    func anXABADRThatSetsACodeIsNotIgnored(labelled: Bool) throws {
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "N:Lee;Ann;;;", "item1.ADR:;;1 Main;Town;;;", "item1.X-ABADR:de"]
        if labelled { lines.append("item1.X-ABLabel:Cabin") }
        let once = try VCardSerialization.read(Data((lines + ["END:VCARD"]).joined(separator: "\r\n").utf8))
        #expect(once.report.ignoredPropertyNames["X-ABADR"] == nil, "\(once.report)")
        #expect(once.contacts.first?.postalAddresses.first?.value.isoCountryCode == "de")
        let twice = try VCardSerialization.read(Data((lines + ["item1.X-ABADR:fr", "END:VCARD"]).joined(separator: "\r\n").utf8))
        #expect(twice.report.ignoredPropertyNames["X-ABADR"] == 1, "\(twice.report)")
    }

    /// A card the end of the data closes is kept: its warning is no skipped property.
    @Test func anUnclosedCardIsKeptAndNotCountedAsSkipped() {
        let read = VCardSerialization.readLeniently(Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nBDAY:1985-13-01\r\n".utf8))
        #expect(read.contacts.map(\.givenName) == ["Ann"])
        #expect(read.warnings.map(\.code) == [.invalidDate, .missingEnd])
        #expect(read.warnings.map(\.keptWhatItConcerns) == [false, true])
        #expect(read.warnings.map(\.cardNumber) == [1, 1])
        #expect(read.report.propertiesSkipped == 1 && read.report.skippedPropertyNames == ["BDAY": 1])
        #expect(read.report.propertiesKeptInPart == 0)
    }

    /// A photo cut short keeps its whole bytes leniently; a strict read throws it.
    @Test func aPhotoCutShortKeepsWhatDecodes() throws {
        let file = Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nPHOTO;ENCODING=b:AQIDBAUGB\r\nEND:VCARD\r\n".utf8)
        #expect {
            try VCardSerialization.read(file)
        } throws: { error in
            (error as? VCardError).map { $0.code == .truncatedBase64 && $0.line == 4 && $0.property == "PHOTO" } == true
        }
        let read = VCardSerialization.readLeniently(file)
        #expect(read.contacts.first?.imageData == Data([1, 2, 3, 4, 5, 6]))
        #expect(read.warnings.map(\.code) == [.truncatedBase64] && read.warnings.map(\.keptWhatItConcerns) == [true])
        #expect(read.report.propertiesKeptInPart == 1 && read.report.propertiesSkipped == 0)
        #expect(read.report.skippedPropertyNames.isEmpty)
        // Bad base64 of any other kind still drops the property.
        let bad = VCardSerialization.readLeniently(Data("BEGIN:VCARD\r\nFN:Ann\r\nPHOTO;ENCODING=b:AQ$D\r\nEND:VCARD\r\n".utf8))
        #expect(bad.contacts.first?.imageData == nil && bad.report.skippedPropertyNames == ["PHOTO": 1])
    }
}
