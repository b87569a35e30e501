import Foundation

/// A JSON value as the tool writes it: keys sorted, two-space indentation, so that output of
/// the same data is the same bytes and scripts can rely on field names.
enum JSON: Encodable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    static func optional(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }

    /// The text, ended by a newline.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these cases cannot fail: every value is a string, number, bool or null.
        let data = (try? encoder.encode(self)) ?? Data("null".utf8)
        return Self.closingEmptyContainers(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// `[]` and `{}` for empty containers, which Foundation on Linux pretty-prints as an
    /// opening line, an empty line and a closing line. Only whitespace between the brackets
    /// is removed, never inside a string (where a newline is escaped).
    private static func closingEmptyContainers(_ text: String) -> String {
        var result = ""
        var pending = ""  // an opening bracket and the whitespace after it, not yet written
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                result.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if !pending.isEmpty {
                if character.isWhitespace {
                    pending.append(character)
                    continue
                }
                if (pending.first == "[" && character == "]") || (pending.first == "{" && character == "}") {
                    result += pending.prefix(1) + String(character)
                    pending = ""
                    continue
                }
                result += pending
                pending = ""
            }
            switch character {
            case "[", "{": pending = String(character)
            case "\"": inString = true; result.append(character)
            default: result.append(character)
            }
        }
        return result + pending
    }
}
