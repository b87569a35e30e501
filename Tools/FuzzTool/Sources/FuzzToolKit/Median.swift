/// The median of measurements as the tables print them: numbers ("3.2", "14"), with "larger than
/// any" values (`>60`, `none`, `>1000`) sorted last. Of an even count, the lower middle one;
/// "-" of none. The value comes back as it was written.
public func median(_ values: [String], unbounded: Set<String> = []) -> String {
    guard !values.isEmpty else { return "-" }
    func key(_ value: String) -> Double {
        if unbounded.contains(value) { return .infinity }
        return Double(value.hasPrefix(">") ? String(value.dropFirst()) : value) ?? .infinity
    }
    let sorted = values.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }
    return sorted[(values.count + 1) / 2 - 1].element
}
