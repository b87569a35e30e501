/// A JSON value as the tool writes it: keys sorted, two-space indentation, so that the same
/// data always prints as the same bytes and scripts can rely on field names.
///
/// Written by hand rather than with `JSONEncoder`: a listing of 100,000 contacts prints in a
/// fraction of the time, and empty containers print as `[]` and `{}` on every platform.
enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    static func optional(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }

    /// The text, ended by a newline.
    var text: String {
        var output = ""
        write(to: &output, indentation: "")
        return output + "\n"
    }

    private func write(to output: inout String, indentation: String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.write(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else { return output += "[]" }
            let inner = indentation + "  "
            output += "[\n"
            for (index, value) in values.enumerated() {
                output += inner
                value.write(to: &output, indentation: inner)
                output += index == values.count - 1 ? "\n" : ",\n"
            }
            output += indentation + "]"
        case .object(let members):
            guard !members.isEmpty else { return output += "{}" }
            let inner = indentation + "  "
            output += "{\n"
            for (index, key) in members.keys.sorted().enumerated() {
                output += inner
                Self.write(key, to: &output)
                output += ": "
                members[key, default: .null].write(to: &output, indentation: inner)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += indentation + "}"
        }
    }

    /// A string literal: quotes, backslashes and control characters escaped, the rest as is.
    private static func write(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
