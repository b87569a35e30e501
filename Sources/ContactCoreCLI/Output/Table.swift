/// Rows under a header, in columns as wide as their widest cell: the tool's output for people.
struct Table {
    var header: [String]
    var rows: [[String]] = []

    /// The lines, without trailing spaces; cells are kept on one line.
    var lines: [String] {
        let all = [header] + rows.map { row in row.map(Self.oneLine) }
        var widths = Array(repeating: 0, count: header.count)
        for row in all {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], Self.width(of: cell))
            }
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - Self.width(of: cell))
            }
            .joined(separator: "  ").trimmingTrailingSpaces
        }
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Columns a terminal gives the text: two for East Asian wide characters and emoji, none
    /// for combining marks, one otherwise (an approximation of `wcwidth`).
    static func width(of text: String) -> Int {
        text.reduce(0) { total, character in
            let scalars = character.unicodeScalars
            if scalars.contains(where: isWide) { return total + 2 }
            if scalars.allSatisfy(isZeroWidth) { return total }
            return total + 1
        }
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: scalar.properties.isVariationSelector
        }
    }
}
