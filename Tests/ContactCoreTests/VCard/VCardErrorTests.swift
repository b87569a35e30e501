import ContactCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SPEC 12's bad input: every one a typed `VCardError` naming the card and the line, in
/// bounded time and memory; and the lenient read that keeps every card it can delimit.
@Suite("VCard errors")
struct VCardErrorTests {
    /// Cards 0 (good), 1 (the bad line), 2 (good): the error is in card 1 at line 6.
    static func middle(_ badLine: String, version: String = "3.0") -> Data {
        vcard("BEGIN:VCARD", "FN:Zero", "END:VCARD", "BEGIN:VCARD", "VERSION:\(version)", badLine, "END:VCARD",
              "BEGIN:VCARD", "FN:Two", "END:VCARD")
    }

    static let badLines: [(String, VCardError.Code)] = [
        ("FN Jane", .missingColon),
        ("F N:Jane", .invalidName),
        ("item1.:x", .invalidName),
        ("TEL;TYPE=\"home:555", .unterminatedQuote),
        ("PHOTO;ENCODING=b:ab$d", .invalidBase64),
        // Cut short: strictly an error; leniently kept in part, with the same warning.
        ("PHOTO;ENCODING=b:abcde", .truncatedBase64),
        ("PHOTO:data:image/png;base64,abcde", .truncatedBase64),
        ("PHOTO;ENCODING=b:abcde=", .invalidBase64),
        ("NOTE;ENCODING=b:abcde", .invalidBase64),
        ("PHOTO;ENCODING=b:ab==cd", .invalidBase64),
        ("PHOTO:data:image/png;base64,@@@@", .invalidBase64),
        ("PHOTO:data:image/png;base64", .invalidBase64),
        ("NOTE;ENCODING=QUOTED-PRINTABLE:abc=G1", .invalidQuotedPrintable),
        ("NOTE;QUOTED-PRINTABLE:abc=4", .invalidQuotedPrintable),
        ("BDAY:1985-13-01", .invalidDate),
        ("BDAY:1985-02-32", .invalidDate),
        ("BDAY:0000-01-01", .invalidDate),
        ("BDAY:yesterday", .invalidDate),
        ("X-ABDATE:--1301", .invalidDate),
        ("FN;CHARSET=KOI8-R:x", .unsupportedCharset),
        ("VERSION:5.0", .unsupportedVersion),
        ("NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:=ED=A0=80", .invalidUTF8),
        ("NOTE;ENCODING=QUOTED-PRINTABLE:a=00b", .nulByte),
    ]

    @Test(arguments: 0..<badLines.count)
    func eachBadLineIsATypedErrorWithCardAndLine(_ index: Int) throws {
        let (line, code) = Self.badLines[index]
        let data = Self.middle(line)
        let error = try #require(vCardError(data), "\(line)")
        #expect(error.code == code, "\(line): \(error)")
        #expect(error.card == 1, "\(line): \(error)")
        #expect(error.line == 6, "\(line): \(error)")
        // Leniently, the card keeps everything but the bad line (SPEC 12).
        let lenient = VCardSerialization.readLeniently(data)
        #expect(lenient.contacts.map(\.givenName) == ["Zero", "", "Two"], "\(line)")
        #expect(lenient.warnings == [error] && lenient.errors.isEmpty, "\(line)")
        #expect(lenient.report.cardsRead == 3 && lenient.report.cardsFailed == 0)
    }

    @Test func errorsNameThePropertyAndReadWell() throws {
        let error = try #require(vCardError(Self.middle("BDAY:1985-13-01")))
        #expect(error.property == "BDAY")
        // People count cards from 1: card index 1 is the second card (issue 47).
        #expect(error.card == 1 && error.cardNumber == 2)
        #expect(error.description.hasPrefix("VCardError 22 (invalidDate) in card 2 at line 6, property BDAY:"))
    }

    @Test func invalidUTF8In30() throws {
        var bytes = [UInt8](Self.middle("FN:x"))
        let position = try #require(bytes.firstIndex(of: UInt8(ascii: "x")))
        bytes.replaceSubrange(position...position, with: [0xC3, 0x28])
        let error = try #require(vCardError(Data(bytes)))
        #expect(error.code == .invalidUTF8 && error.card == 1 && error.line == 6)
        // A 2.1 card without CHARSET is read as Windows-1252 instead, as Outlook writes it.
        var old = [UInt8](Self.middle("FN:x", version: "2.1"))
        let at = try #require(old.firstIndex(of: UInt8(ascii: "x")))
        old.replaceSubrange(at...at, with: [0xE9])
        #expect(try VCardSerialization.contacts(from: Data(old))[1].givenName == "é")
    }

    @Test func nulBytesAnywhere() throws {
        var bytes = [UInt8](Self.middle("FN:ab"))
        let position = try #require(bytes.firstIndex(of: UInt8(ascii: "b")))
        bytes[position] = 0
        let error = try #require(vCardError(Data(bytes)))
        #expect(error.code == .nulByte && error.card == 1 && error.line == 6)
        let inName = try #require(vCardError(Data("BEGIN:VCARD\r\nF\0N:x\r\nEND:VCARD\r\n".utf8)))
        #expect(inName.code == .nulByte && inName.line == 2)
    }

    /// A folded quoted-printable line whose soft break reaches a folded line with a NUL byte:
    /// the error names the first line's property (the reader once named the next line's text,
    /// read into the buffer the first line was in).
    @Test func softBreakIntoANulLineNamesTheProperty() throws {
        let file = "BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;ENCODING=QUOTED-PRINTABLE:a\r\n =\r\n=E7=\r\n \0\r\nEND:VCARD\r\n"
        let error = try #require(vCardError(Data(file.utf8)))
        #expect(error.code == .nulByte && error.line == 3 && error.property == "NOTE")
    }

    @Test func loneSurrogateInQuotedPrintable() throws {
        // U+D800 written as UTF-8 bytes (CESU style): not UTF-8.
        let error = try #require(vCardError(card("N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=ED=A0=80;A;;;", version: "2.1")))
        #expect(error.code == .invalidUTF8 && error.card == 0 && error.line == 3)
    }

    // MARK: Structure

    @Test func truncatedFile() throws {
        let full = [UInt8](card("N:Doe;Jane", "NOTE:long note"))
        // Cut anywhere, the card has no END: the data ends first (the error names the card's
        // BEGIN line), or a line cut before its colon fails first (and names that line).
        for cut in 1..<full.count - 2 {
            let error = try #require(vCardError(Data(full.prefix(cut))), "cut at \(cut)")
            #expect(error.card == 0, "cut at \(cut): \(error)")
            switch error.code {
            case .missingEnd: #expect(error.line == 1, "cut at \(cut): \(error)")
            case .missingColon, .unsupportedVersion: #expect(error.line >= 1, "cut at \(cut): \(error)")
            case .missingBegin: #expect(cut < 11, "cut at \(cut): \(error)")
            default: Issue.record("cut at \(cut): \(error)")
            }
        }
    }

    @Test func beginWithoutEnd() throws {
        let data = vcard("BEGIN:VCARD", "FN:A", "BEGIN:VCARD", "FN:B", "END:VCARD")
        let error = try #require(vCardError(data))
        #expect(error.code == .missingEnd && error.card == 0 && error.line == 1)
        let lenient = VCardSerialization.readLeniently(data)
        #expect(lenient.contacts.map(\.givenName) == ["B"] && lenient.errors == [error])
    }

    @Test func linesOutsideCards() throws {
        let stray = vcard("FN:Loose", "NOTE:also", "BEGIN:VCARD", "FN:A", "END:VCARD", "END:VCARD")
        let error = try #require(vCardError(stray))
        #expect(error.code == .missingBegin && error.card == 0 && error.line == 1)
        let lenient = VCardSerialization.readLeniently(stray)
        #expect(lenient.contacts.map(\.givenName) == ["A"])
        #expect(lenient.errors.map(\.code) == [.missingBegin, .missingBegin])
        #expect(lenient.errors.map(\.line) == [1, 6])
        #expect(lenient.errors.map(\.card) == [0, 1])
    }

    // MARK: Limits

    /// Whether this process may reserve a gigabyte of address space (a container may refuse).
    static let canMapAGigabyte: Bool = {
        guard let mapped = mmap(nil, 1 << 30, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0), mapped != MAP_FAILED else {
            return false
        }
        munmap(mapped, 1 << 30)
        return true
    }()

    @Test(.enabled(if: canMapAGigabyte, "this process may not reserve a gigabyte of address space"))
    func oneGigabyteOfClaimedBase64IsRefusedWithoutReadingIt() throws {
        let size = 1 << 30
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        let region = try #require(mapped.flatMap { $0 == MAP_FAILED ? nil : $0 }, "mmap failed after the trait's mmap succeeded")
        defer { munmap(region, size) }
        let head = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nPHOTO;ENCODING=b;TYPE=JPEG:".utf8)
        region.copyMemory(from: head, byteCount: head.count)
        memset(region + head.count, 0x41, 4096)  // "AAAA…": base64 on the first page only
        let data = Data(bytesNoCopy: region, count: size, deallocator: .none)
        let clock = ContinuousClock()
        let start = clock.now
        let tooLarge = try #require(vCardError(data))
        #expect(tooLarge.code == .fileTooLarge && tooLarge.card == 0 && tooLarge.line == 0)
        // With the file limit raised, the line limit stops it after 16 MiB of the line.
        let lineLimit = try #require(vCardError(data, limits: VCardLimits(maximumFileSize: 2 << 30)))
        #expect(lineLimit.code == .lineTooLong && lineLimit.card == 0 && lineLimit.line == 3)
        #expect(clock.now - start < .seconds(5))
    }

    @Test func millionPhoneNumbersInOneCard() throws {
        var text = "BEGIN:VCARD\r\nVERSION:3.0\r\n"
        text.reserveCapacity(20_000_000)
        for index in 0..<1_000_000 { text += "TEL:\(index)\r\n" }
        text += "END:VCARD\r\n"
        let data = Data(text.utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(vCardError(data))
        #expect(error.code == .tooManyProperties && error.card == 0 && error.line == 2 + VCardLimits.default.maximumPropertiesPerCard)
        let lenient = VCardSerialization.readLeniently(data)
        #expect(lenient.contacts.isEmpty && lenient.errors == [error])
        #expect(clock.now - start < .seconds(20))
    }

    @Test func tooManyCards() throws {
        let data = Data(String(repeating: "BEGIN:VCARD\r\nFN:x\r\nEND:VCARD\r\n", count: 5).utf8)
        let limits = VCardLimits(maximumCards: 3)
        let error = try #require(vCardError(data, limits: limits))
        #expect(error.code == .tooManyCards && error.card == 3 && error.line == 10)
        let lenient = VCardSerialization.readLeniently(data, limits: limits)
        #expect(lenient.contacts.count == 3 && lenient.errors == [error])
    }

    @Test func lineTooLongIsSkippedLeniently() throws {
        let long = String(repeating: "x", count: 1_000)
        let data = vcard("BEGIN:VCARD", "NOTE:\(long)", " \(long)", "END:VCARD", "BEGIN:VCARD", "FN:ok", "END:VCARD")
        let limits = VCardLimits(maximumLineLength: 1_500)
        let error = try #require(vCardError(data, limits: limits))
        #expect(error.code == .lineTooLong && error.card == 0 && error.line == 2)
        let lenient = VCardSerialization.readLeniently(data, limits: limits)
        #expect(lenient.contacts.map(\.givenName) == ["ok"] && lenient.errors == [error])
        #expect(try VCardSerialization.contacts(from: data).first?.note.count == 2_000)
    }

    // MARK: Linear time

    /// Runs `body`, returning seconds.
    /// CPU seconds of this thread in `body`: unlike the wall clock, what other tests and
    /// processes run meanwhile does not count, so a 10× input takes about 10× (100× if quadratic).
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        try body()
        return now() - start
    }

    @Test func tenMegabyteFoldedLineIsLinear() throws {
        func file(_ megabytes: Int) -> Data {
            var text = "BEGIN:VCARD\r\nNOTE:"
            let chunk = String(repeating: "é", count: 37)  // 74 octets per continuation line
            for _ in 0..<(megabytes * 1_000_000 / 74) { text += chunk + "\r\n " }
            text += "\r\nEND:VCARD\r\n"
            return Data(text.utf8)
        }
        let small = file(1)
        let large = file(10)
        var note = ""
        let smallTime = try Self.seconds { _ = try VCardSerialization.contacts(from: small) }
        let largeTime = try Self.seconds { note = try VCardSerialization.contacts(from: large).first?.note ?? "" }
        #expect(note.utf8.count >= 9_990_000)
        #expect(largeTime < 20 * smallTime + 0.5, "1 MB: \(smallTime) s, 10 MB: \(largeTime) s")
    }

    @Test func hundredThousandParametersAreLinear() throws {
        func file(_ count: Int) -> Data {
            let parameters = String(repeating: ";TYPE=HOME", count: count)
            return card("TEL\(parameters):555", "X-SOCIALPROFILE\(String(repeating: ";TYPE=a", count: count)):u")
        }
        let smallTime = try Self.seconds { _ = try VCardSerialization.contacts(from: file(10_000)) }
        var label: ContactLabel?
        let largeTime = try Self.seconds { label = try VCardSerialization.contacts(from: file(100_000)).first?.phoneNumbers.first?.label }
        #expect(label == .home)
        #expect(largeTime < 20 * smallTime + 0.5, "10,000: \(smallTime) s, 100,000: \(largeTime) s")
    }

    @Test func deeplyRepeatedGroupsAreLinear() throws {
        func file(_ depth: Int) -> Data {
            let group = String(repeating: "g.", count: depth)
            return card("\(group)TEL:1", "\(group)X-ABLabel:deep", "\(group)EMAIL:a@b", "\(group)X-ABLabel:again")
        }
        let smallTime = try Self.seconds { _ = try VCardSerialization.contacts(from: file(50_000)) }
        var contact: MutableContact?
        let largeTime = try Self.seconds { contact = try VCardSerialization.contacts(from: file(500_000)).first }
        #expect(contact?.phoneNumbers.first?.label == "again" && contact?.emailAddresses.first?.label == "again")
        #expect(largeTime < 20 * smallTime + 0.5, "50,000: \(smallTime) s, 500,000: \(largeTime) s")
    }

    @Test func manySoftLineBreaksAreLinear() throws {
        func file(_ count: Int) -> Data {
            card("NOTE;ENCODING=QUOTED-PRINTABLE:" + String(repeating: "abc=\r\n", count: count) + "end", version: "2.1")
        }
        let smallTime = try Self.seconds { _ = try VCardSerialization.contacts(from: file(20_000)) }
        var note = ""
        let largeTime = try Self.seconds { note = try VCardSerialization.contacts(from: file(200_000)).first?.note ?? "" }
        #expect(note.utf8.count == 600_003)
        #expect(largeTime < 20 * smallTime + 0.5, "20,000: \(smallTime) s, 200,000: \(largeTime) s")
    }
}
