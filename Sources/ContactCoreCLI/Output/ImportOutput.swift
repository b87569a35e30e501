import ContactCore

/// What `init --vcard` and `import` print after an import: the first line the command gives,
/// then what a lenient read dropped (cards and properties, each with card, line and reason),
/// what it kept with a warning (a photo cut short, a card without `END:VCARD`), and the
/// properties no field holds, counted by name; or all of it as one JSON object.
///
/// Cards are counted from 1 here, in the table and in JSON alike (``VCardError/cardNumber``).
enum ImportOutput {
    /// `result` is `nil` for a device made without a file: the headline, or an empty import.
    static func write(_ result: VCardStoreImport?, headline: String, format: DataFormat) {
        let report = result?.report ?? VCardImportReport()
        let ignored = report.ignoredPropertyNames.sorted { $0.key < $1.key }
        let skippedNames = report.skippedPropertyNames.sorted { $0.key < $1.key }
        let errors = result?.errors ?? []
        let warnings = result?.warnings ?? []
        let skipped = warnings.filter { !$0.keptWhatItConcerns }
        let unclosed = warnings.filter { $0.keptWhatItConcerns && $0.code == .missingEnd }
        let keptInPart = warnings.filter { $0.keptWhatItConcerns && $0.code != .missingEnd }
        switch format {
        case .json:
            func problem(_ error: VCardError) -> JSON {
                .object([
                    "card": .int(error.cardNumber), "line": .int(error.line), "property": .optional(error.property),
                    "code": .int(error.code.rawValue), "reason": .string("\(error.code)"), "message": .string(error.message),
                ])
            }
            Output.write(JSON.object([
                "identifiers": .array((result?.identifiers ?? []).map(JSON.string)),
                "skippedCards": .array(errors.map(problem)),
                "skippedProperties": .array(skipped.map(problem)),
                "skippedPropertyCounts": .object(Dictionary(uniqueKeysWithValues: skippedNames.map { ($0.key, JSON.int($0.value)) })),
                "keptInPart": .array(keptInPart.map(problem)),
                "unclosedCards": .array(unclosed.map(problem)),
                "ignoredProperties": .object(Dictionary(uniqueKeysWithValues: ignored.map { ($0.key, JSON.int($0.value)) })),
            ]).text)
        case .table:
            var lines = [headline]
            func line(_ verb: String, _ what: String, _ problem: VCardError) -> String {
                "\(verb) \(what) (line \(problem.line)): \(problem.code) — \(problem.message)"
            }
            for error in errors {
                lines.append(line("Skipped", "card \(error.cardNumber)", error))
            }
            for warning in warnings {
                let card = "card \(warning.cardNumber)"
                if !warning.keptWhatItConcerns {
                    lines.append(line("Skipped", "\(warning.property ?? "a line") in \(card)", warning))
                } else if warning.code == .missingEnd {
                    lines.append(line("Kept", "\(card) without END:VCARD", warning))
                } else {
                    lines.append(line("Kept", "part of \(warning.property ?? "a line") in \(card)", warning))
                }
            }
            if !skippedNames.isEmpty {
                lines.append("Skipped properties: " + skippedNames.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
            }
            let partNames = Dictionary(keptInPart.map { (($0.property ?? "").uppercased(), 1) }, uniquingKeysWith: +)
                .sorted { $0.key < $1.key }
            if !partNames.isEmpty {
                lines.append("Kept in part: " + partNames.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
            }
            if !ignored.isEmpty {
                lines.append("Ignored (no field holds them): " + ignored.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
            }
            Output.lines(lines)
        }
    }
}
