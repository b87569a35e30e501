import ContactCore

/// FuzzHistoryToken: arbitrary bytes as a history token, against a small device the input
/// builds. Traps when a fetch breaks SPEC 11: a token the device never gave, or one older
/// than its history, must give drop everything and an add of every visible contact; a
/// token it gave and still reaches must give events that replay onto the view at that
/// token into the view now; a limited app always gets a full sync and the limited token.
///
/// Input: byte 0 the fetch options (``HistoryOptions/init(flags:)``; an input with unused
/// bits set is rejected), byte 1 the history limit (1 + low 3 bits), byte 2 how many
/// actions follow (low 4 bits), two bytes per action (``HistoryScript``), then the token:
/// every remaining byte, or no token at all when none remain.
public enum HistoryTokenFuzz {
    struct Input: Hashable, Sendable, CustomStringConvertible {
        var options: HistoryOptions
        var historyLimit: Int
        var script: HistoryScript
        var token: HistoryToken?

        init?(_ data: [UInt8]) {
            guard let flags = data.first, let options = HistoryOptions(flags: flags) else { return nil }
            self.options = options
            historyLimit = 1 + Int(data.count > 1 ? data[1] & 0x07 : 0)
            let actionCount = Int(data.count > 2 ? data[2] & 0x0F : 0)
            let scriptEnd = min(data.count, 3 + 2 * actionCount)
            script = HistoryScript(decoding: data[min(3, scriptEnd)..<scriptEnd])
            token = scriptEnd < data.count ? HistoryToken(bytes: data[scriptEnd...]) : nil
        }

        init(options: HistoryOptions, historyLimit: Int, script: HistoryScript, token: HistoryToken?) {
            self.options = options
            self.historyLimit = historyLimit
            self.script = script
            self.token = token
        }

        var description: String {
            let token = token.map { "[" + $0.bytes.map(String.init).joined(separator: ", ") + "]" } ?? "nil"
            return "options \(options), history limit \(historyLimit), token \(token), actions:\n"
                + script.actions.map { "  \($0)" }.joined(separator: "\n")
        }

        /// The bytes ``init(_:)`` reads back; the limit must be 1...8 and the script at most 15 actions.
        var encoded: [UInt8] {
            [options.flags, UInt8((historyLimit - 1) & 0x07), UInt8(script.actions.count & 0x0F)]
                + script.encoded + (token?.bytes ?? [])
        }
    }

    /// Runs one input; traps, printing the decoded input, when a rule breaks.
    public static func run(_ data: [UInt8]) {
        if let failure = check(data) { fatalError("FuzzHistoryToken: \(failure)") }
    }

    /// What is wrong with the fetches the input describes, with the decoded input; `nil` when
    /// every rule holds or the input is rejected (an unused option bit set).
    public static func check(_ data: [UInt8]) -> String? {
        guard let input = Input(data) else { return nil }
        let problems = check(input)
        return problems.isEmpty ? nil : problems.joined(separator: "\n") + "\nin: \(input)"
    }

    /// Everything wrong with the fetches `input` describes; empty when SPEC 11 holds.
    static func check(_ input: Input) -> [String] {
        var trace = HistoryTrace(options: input.options, historyLimit: input.historyLimit)
        trace.run(input.script)
        var problems = trace.violations
        do {
            let request = input.options.request(since: input.token)
            let full = try trace.device.full.changeHistory(for: request)
            problems += HistoryCheck.fullApp(full, presented: input.token, trace: trace)
            if case .changes(let sequence) = HistoryCheck.expectation(for: input.token, in: trace),
               input.options.excludedAuthors.isEmpty {
                problems += HistoryCheck.coalescing(full.events, since: sequence, in: trace)
            }
            let limited = try trace.device.limited.changeHistory(for: request)
            problems += HistoryCheck.limitedApp(
                limited, reaching: try input.options.view(of: trace.device.limited),
                includeGroups: input.options.includeGroupChanges)
        } catch {
            problems.append("a fetch threw \(error)")
        }
        return problems
    }
}
