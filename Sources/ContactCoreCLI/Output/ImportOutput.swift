import ContactCore

/// What `init --vcard` and `import` print after an import: the first line the command gives,
/// then what a lenient read skipped (cards and properties, each with card, line and reason)
/// and the properties no field holds, counted by name; or all of it as one JSON object.
enum ImportOutput {
    /// `result` is `nil` for a device made without a file: the headline, or an empty import.
    static func write(_ result: VCardStoreImport?, headline: String, format: DataFormat) {
        let report = result?.report ?? VCardImportReport()
        let ignored = report.ignoredPropertyNames.sorted { $0.key < $1.key }
        let skippedNames = report.skippedPropertyNames.sorted { $0.key < $1.key }
        let errors = result?.errors ?? []
        let warnings = result?.warnings ?? []
        switch format {
        case .json:
            func problem(_ error: VCardError) -> JSON {
                .object([
                    "card": .int(error.card), "line": .int(error.line), "property": .optional(error.property),
                    "code": .int(error.code.rawValue), "reason": .string("\(error.code)"), "message": .string(error.message),
                ])
            }
            Output.write(JSON.object([
                "identifiers": .array((result?.identifiers ?? []).map(JSON.string)),
                "skippedCards": .array(errors.map(problem)),
                "skippedProperties": .array(warnings.map(problem)),
                "skippedPropertyCounts": .object(Dictionary(uniqueKeysWithValues: skippedNames.map { ($0.key, JSON.int($0.value)) })),
                "ignoredProperties": .object(Dictionary(uniqueKeysWithValues: ignored.map { ($0.key, JSON.int($0.value)) })),
            ]).text)
        case .table:
            var lines = [headline]
            for error in errors {
                lines.append("Skipped card \(error.card) (line \(error.line)): \(error.code) — \(error.message)")
            }
            for warning in warnings {
                let what = warning.property.map { "\($0) in card \(warning.card)" } ?? "card \(warning.card)"
                lines.append("Skipped \(what) (line \(warning.line)): \(warning.code) — \(warning.message)")
            }
            if !skippedNames.isEmpty {
                lines.append("Skipped properties: " + skippedNames.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
            }
            if !ignored.isEmpty {
                lines.append("Ignored (no field holds them): " + ignored.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
            }
            Output.lines(lines)
        }
    }
}
