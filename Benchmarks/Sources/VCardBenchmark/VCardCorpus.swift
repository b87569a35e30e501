import BenchmarkSupport
import Foundation


/// A mixed address book as real exports look: Apple 3.0 (item groups, X-ABLabel, folded
/// base64 photos), Google 3.0, Android 2.1 (quoted-printable UTF-8) and 4.0 cards, Latin, CJK,
/// Hebrew and emoji names, each card's lines folded at 75 octets as the exporters do.
enum VCardCorpus {
    static let given = ["John", "Kate", "Zoë", "José", "Anna", "Łukasz", "Søren", "小明", "太郎", "민수", "דוד", "محمد", "Chloé", "Noah"]
    static let family = ["Appleseed", "Bell", "Müller", "García", "王", "山田", "김", "כהן", "العربي", "Ström", "O'Neil", "Nguyễn"]
    static let companies = ["Apple Inc.", "Acme, Corp.", "北京科技有限公司", "Fabrikam; Sales", "株式会社テスト", "Contoso"]
    static let notes = [
        "Met at WWDC, 2019.\nLikes apples; pears too.", "Call after 6pm 🎉", "長い備考です。長い備考です。長い備考です。長い備考です。",
        "Line one\nLine two\nLine three with a longer sentence that will need folding at seventy-five octets.",
    ]

    static func fold(_ line: String) -> String {
        var out: [UInt8] = []
        var length = 0
        for scalar in line.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if length + bytes.count > 75 {
                out += [13, 10, 32]
                length = 1
            }
            out += bytes
            length += bytes.count
        }
        return String(decoding: out, as: UTF8.self) + "\r\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ",": result += "\\,"
            case ";": result += "\\;"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    static func quotedPrintable(_ text: String) -> String {
        text.utf8.map { byte in
            (33...126).contains(byte) && byte != 61 && byte != 59 ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
        }.joined()
    }

    static func make(cards: Int, seed: UInt64 = 2026) -> Data {
        var random = SplitMix(state: seed)
        var text = ""
        text.reserveCapacity(cards * 520)
        for index in 0..<cards {
            let given = random.pick(Self.given)
            let family = random.pick(Self.family)
            let phone = "+1 (\(200 + random.below(700))) 555-\(1000 + random.below(9000))"
            let email = "user\(index)@example.com"
            var lines: [String] = []
            switch index % 4 {
            case 0:  // Apple 3.0
                lines = [
                    "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 18.1//EN",
                    "N:\(escape(family));\(escape(given));;;", "FN:\(escape(given)) \(escape(family))",
                    "ORG:\(escape(random.pick(companies)));Engineering", "TITLE:Engineer",
                    "EMAIL;type=INTERNET;type=HOME;type=pref:\(email)",
                    "TEL;type=CELL;type=VOICE;type=pref:\(phone)", "TEL;type=IPHONE;type=CELL;type=VOICE:\(phone)",
                    "item1.TEL:\(phone)", "item1.X-ABLabel:Boat",
                    "item2.ADR;type=HOME;type=pref:;;\(index) Infinite Loop;Cupertino;CA;95014;United States", "item2.X-ABADR:us",
                    "item3.URL;type=pref:https://example.com/\(index)", "item3.X-ABLabel:_$!<HomePage>!$_",
                    "BDAY;X-APPLE-OMIT-YEAR=1604:1604-0\(1 + random.below(9))-1\(random.below(9))",
                    "item4.X-ABDATE;type=pref:2004-08-12", "item4.X-ABLabel:_$!<Anniversary>!$_",
                    "NOTE:\(escape(random.pick(notes)))",
                ]
                if random.below(10) < 2 {
                    var image: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
                    for _ in 0..<(600 + random.below(600)) { image.append(UInt8(truncatingIfNeeded: random.next())) }
                    lines.append("PHOTO;ENCODING=b;TYPE=JPEG:" + Data(image).base64EncodedString())
                }
                lines += ["X-ABUID:\(index):ABPerson", "END:VCARD"]
            case 1:  // Google 3.0
                lines = [
                    "BEGIN:VCARD", "VERSION:3.0", "FN:\(escape(given)) \(escape(family))", "N:\(escape(family));\(escape(given));;;",
                    "EMAIL;TYPE=INTERNET;TYPE=HOME:\(email)", "item1.EMAIL;TYPE=INTERNET:work\(index)@example.org",
                    "item1.X-ABLabel:Work (old)", "TEL;TYPE=CELL:\(phone)", "TEL;TYPE=WORK:\(phone)",
                    "ADR;TYPE=WORK:;;165 Davis Street;Hillsborough;CA;94010;US", "BDAY:19\(50 + random.below(50))-0\(1 + random.below(9))-2\(random.below(9))",
                    "NOTE:\(escape(random.pick(notes)))", "CATEGORIES:myContacts", "END:VCARD",
                ]
            case 2:  // Android 2.1
                lines = [
                    "BEGIN:VCARD", "VERSION:2.1",
                    "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:\(quotedPrintable(family));\(quotedPrintable(given));;;",
                    "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:\(quotedPrintable(given + " " + family))",
                    "TEL;CELL:\(phone)", "TEL;HOME:\(phone)", "EMAIL;HOME:\(email)",
                    "ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;\(quotedPrintable("千代田1-1"));\(quotedPrintable("千代田区"));;100-0001;JP",
                    "END:VCARD",
                ]
            default:  // 4.0
                lines = [
                    "BEGIN:VCARD", "VERSION:4.0", "KIND:\(random.below(5) == 0 ? "org" : "individual")",
                    "FN:\(escape(given)) \(escape(family))", "N:\(escape(family));\(escape(given));;;",
                    "ORG:\(escape(random.pick(companies)))", "TEL;VALUE=uri;TYPE=\"work,voice\":tel:+1-418-656-\(1000 + random.below(9000))",
                    "EMAIL;TYPE=work:\(email)", "RELATED;TYPE=spouse;VALUE=text:\(escape(random.pick(Self.given)))",
                    "ANNIVERSARY:20090808", "BDAY:--0\(1 + random.below(9))1\(random.below(9))",
                    "URL;TYPE=home:http://example.net/\(index)", "NOTE:\(escape(random.pick(notes)))", "END:VCARD",
                ]
            }
            for line in lines { text += fold(line) }
        }
        return Data(text.utf8)
    }
}
