import ContactCore
import ContactCoreTesting
import PropertyBased
import Testing

/// SPEC 11 on random device lives (``HistoryScript``s of saves by a full and a limited app
/// and the person's Settings changes), fetched with random options from every token the
/// full app saw: the events replay onto the view at the token into the view now.
@Suite("SPEC 11 — history properties")
struct HistoryPropertyTests {
    /// Script bytes (two per action), fetch option flags (unused bits clear), history limits.
    static let scripts = Gen.uint8().array(of: 0...72)
    static let flags = Gen.uint8(in: 0...0x3F)
    static let limits = Gen.int(in: 1...40)

    @Test func replayingTheChangesSinceAnyTokenGivesTheViewNow() async {
        await propertyCheck(count: 60, input: Self.scripts, Self.flags, Self.limits) { script, flags, limit in
            let options = try #require(HistoryOptions(flags: flags))
            var trace = HistoryTrace(options: options, historyLimit: limit)
            trace.run(HistoryScript(decoding: script))
            #expect(trace.violations == [])
            for checkpoint in trace.checkpoints {
                let history = try trace.device.full.changeHistory(for: options.request(since: checkpoint.token))
                #expect(HistoryCheck.fullApp(history, presented: checkpoint.token, trace: trace) == [])
            }
        }
    }

    @Test func aLimitedAppAlwaysGetsAFullSyncOfWhatItSees() async {
        await propertyCheck(count: 40, input: Self.scripts, Self.flags, Self.limits) { script, flags, limit in
            let options = try #require(HistoryOptions(flags: flags))
            var trace = HistoryTrace(options: options, historyLimit: limit)
            var tokens: [HistoryToken?] = [nil, .limitedAccess, HistoryToken(bytes: [1, 2, 3])]
            for action in HistoryScript(decoding: script).actions {
                trace.perform(action)
                tokens.append(trace.now.token)
                let view = try options.view(of: trace.device.limited)
                let history = try trace.device.limited.changeHistory(for: options.request(since: tokens.randomElement() ?? nil))
                #expect(HistoryCheck.limitedApp(history, reaching: view, includeGroups: options.includeGroupChanges) == [])
                #expect(try trace.device.limited.currentHistoryToken == .limitedAccess)
            }
        }
    }

    @Test func coalescingNeverChangesTheReplayResult() async {
        await propertyCheck(count: 50, input: Self.scripts, Self.flags, Self.limits) { script, flags, _ in
            // Coalescing is compared with the one-commit fetches, which exclude no one.
            var options = try #require(HistoryOptions(flags: flags))
            options.excludedAuthors = []
            var trace = HistoryTrace(options: options)
            trace.run(HistoryScript(decoding: script))
            for (sequence, checkpoint) in trace.checkpoints.enumerated() {
                let history = try trace.device.full.changeHistory(for: options.request(since: checkpoint.token))
                #expect(HistoryCheck.coalescing(history.events, since: UInt64(sequence), in: trace) == [])
            }
        }
    }

    @Test func tokensStrictlyIncreaseWithEveryCommit() async {
        await propertyCheck(count: 60, input: Self.scripts, Self.flags, Self.limits) { script, _, limit in
            var trace = HistoryTrace(options: HistoryOptions(), historyLimit: limit)
            trace.run(HistoryScript(decoding: script))
            // The trace checks each commit's token is the next one and that nothing changes without one.
            #expect(trace.violations == [])
            let sequences = trace.checkpoints.map { checkpoint -> UInt64? in
                if case .commit(_, let sequence) = checkpoint.token.position { sequence } else { nil }
            }
            #expect(sequences == trace.checkpoints.indices.map { UInt64($0) })
            #expect(Set(trace.checkpoints.map(\.token)).count == trace.checkpoints.count)
        }
    }

    @Test func excludedAuthorsChangesAreAbsent() async {
        let authors = HistoryScript.authors.compactMap { $0 }
        let masks = Gen.bool.array(of: authors.count)
        await propertyCheck(count: 50, input: Self.scripts, Self.flags, Self.limits, masks) { script, flags, _, mask in
            var options = try #require(HistoryOptions(flags: flags))
            options.excludedAuthors = zip(authors, mask).filter(\.1).map(\.0)
            var trace = HistoryTrace(options: options)
            trace.run(HistoryScript(decoding: script))
            for (sequence, checkpoint) in trace.checkpoints.enumerated() {
                let history = try trace.device.full.changeHistory(for: options.request(since: checkpoint.token))
                // Also checks that no event names an object only excluded authors changed.
                #expect(HistoryCheck.changes(
                    history.events, since: UInt64(sequence), excluding: Set(options.excludedAuthors), in: trace) == [])
            }
        }
    }

    @Test func unifyingChangesNothingWithoutLinkedContacts() async {
        await propertyCheck(count: 30, input: Self.scripts, Self.flags, Self.limits) { script, flags, _ in
            let options = try #require(HistoryOptions(flags: flags))
            var trace = HistoryTrace(options: options)
            trace.run(HistoryScript(decoding: script))
            for checkpoint in trace.checkpoints {
                var request = options.request(since: checkpoint.token)
                request.shouldUnifyResults = true
                let unified = try trace.device.full.changeHistory(for: request)
                request.shouldUnifyResults = false
                #expect(try trace.device.full.changeHistory(for: request) == unified)
            }
        }
    }
}
