import ContactCore

/// The rules a history fetch must follow (SPEC 11), checked against a ``HistoryTrace``.
/// Each check returns what it found wrong; an empty list means the fetch is right.
public enum HistoryCheck {
    /// What a fetch by the full app must be, given the token it presented.
    public enum Expectation: Hashable, Sendable {
        /// The net changes since this commit.
        case changes(since: UInt64)
        /// A full sync, for one of these reasons.
        case fullSync(Set<FullSyncReason>)
    }

    /// Classifies a presented token by comparing its bytes with the tokens the trace saw,
    /// never by decoding it.
    public static func expectation(for token: HistoryToken?, in trace: HistoryTrace) -> Expectation {
        guard let token else { return .fullSync([.noToken]) }
        if token == .limitedAccess { return .fullSync([.accessUpgraded]) }
        guard let sequence = trace.sequence(of: token) else {
            return .fullSync([.malformedToken, .foreignToken, .futureToken])
        }
        let isKept = trace.lastSequence - sequence <= UInt64(trace.historyLimit)
        return isKept ? .changes(since: sequence) : .fullSync([.expiredToken])
    }

    /// Checks a fetch the full app made just now with the trace's options and `token`.
    public static func fullApp(_ history: ChangeHistory, presented token: HistoryToken?, trace: HistoryTrace) -> [String] {
        var problems: [String] = []
        if history.currentToken != trace.now.token { problems.append("the result's token is not the current one") }
        switch expectation(for: token, in: trace) {
        case .fullSync(let reasons):
            if !reasons.contains(where: { $0 == history.fullSyncReason }) {
                problems.append("expected a full sync for \(reasons), got reason \(String(describing: history.fullSyncReason))")
            }
            problems += fullSync(history.events, reaching: trace.now.view, includeGroups: trace.options.includeGroupChanges)
        case .changes(let sequence):
            if let reason = history.fullSyncReason {
                problems.append("expected the changes since \(sequence), got a full sync (\(reason))")
            }
            problems += changes(history.events, since: sequence, excluding: Set(trace.options.excludedAuthors), in: trace)
        }
        return problems
    }

    /// Checks a fetch by the limited app: always a full sync of what it sees, with the
    /// limited token, whatever it presented.
    public static func limitedApp(_ history: ChangeHistory, reaching view: AppView, includeGroups: Bool) -> [String] {
        var problems: [String] = []
        if history.fullSyncReason != .limitedAccess {
            problems.append("a limited fetch gave reason \(String(describing: history.fullSyncReason))")
        }
        if history.currentToken != .limitedAccess { problems.append("a limited fetch gave a token other than the limited one") }
        return problems + fullSync(history.events, reaching: view, includeGroups: includeGroups)
    }

    /// A full sync: drop everything, then only adds, which rebuild `view` exactly.
    public static func fullSync(_ events: [ChangeHistoryEvent], reaching view: AppView, includeGroups: Bool) -> [String] {
        guard events.first == .dropEverything else { return ["a full sync does not start with drop everything"] }
        if let other = events.dropFirst().first(where: { !$0.isAdd }) { return ["a full sync holds \(other)"] }
        return replay(events, onto: AppView(), reaching: view, includeGroups: includeGroups)
    }

    /// The net changes since commit `sequence`: each object at most once, only objects some
    /// commit not by an excluded author changed, ordered by the commit of that last change;
    /// replayed onto the view at `sequence` (with what only excluded authors changed taken
    /// as known) they give the view now.
    public static func changes(
        _ events: [ChangeHistoryEvent], since sequence: UInt64, excluding excluded: Set<String>, in trace: HistoryTrace
    ) -> [String] {
        /// The last commit not by an excluded author that changed each key.
        var lastIncludedChange: [AppView.Key: Int] = [:]
        var excludedTouched = Set<AppView.Key>()
        for (commit, checkpoint) in trace.checkpoints.enumerated().dropFirst(Int(sequence) + 1) {
            if let author = checkpoint.author, excluded.contains(author) {
                excludedTouched.formUnion(checkpoint.changed)
            } else {
                for key in checkpoint.changed { lastIncludedChange[key] = commit }
            }
        }
        let onlyExcluded = excludedTouched.filter { lastIncludedChange[$0] == nil }
        var problems: [String] = []
        var seen = Set<AppView.Key>()
        var previousCommit = 0
        for event in events {
            guard let key = event.viewKey else {
                problems.append("drop everything among the changes since a valid token")
                continue
            }
            if !seen.insert(key).inserted { problems.append("\(key) appears twice: not coalesced") }
            guard let commit = lastIncludedChange[key] else {
                problems.append(onlyExcluded.contains(key)
                    ? "\(event) reports what only excluded authors changed"
                    : "\(event) reports what no commit since the token changed")
                continue
            }
            if commit < previousCommit {
                problems.append("\(event) (last changed in commit \(commit)) comes after commit \(previousCommit)'s events")
            }
            previousCommit = commit
        }
        let start = trace.checkpoints[Int(sequence)].view.overlaying(onlyExcluded, from: trace.now.view)
        return problems + replay(events, onto: start, reaching: trace.now.view, includeGroups: trace.options.includeGroupChanges)
    }

    /// Coalescing never changes the outcome: the one-commit fetches recorded after each
    /// commit since `sequence`, replayed one after another, reach the same view as `events`
    /// (the coalesced fetch since `sequence`), which is never the longer of the two.
    public static func coalescing(_ events: [ChangeHistoryEvent], since sequence: UInt64, in trace: HistoryTrace) -> [String] {
        var problems: [String] = []
        var view = trace.checkpoints[Int(sequence)].view
        var stepCount = 0
        for (offset, checkpoint) in trace.checkpoints.enumerated().dropFirst(Int(sequence) + 1) {
            stepCount += checkpoint.stepEvents.count
            do {
                view = try view.replaying(checkpoint.stepEvents)
            } catch {
                return ["commit \(offset) alone does not replay: \(error)"]
            }
            if view != checkpoint.view { problems.append("commit \(offset) alone does not reach its view") }
        }
        if events.count > stepCount { problems.append("coalescing made \(events.count) events out of \(stepCount)") }
        do {
            if try trace.checkpoints[Int(sequence)].view.replaying(events) != view {
                problems.append("coalesced and commit-by-commit replays differ")
            }
        } catch {
            problems.append("the coalesced events do not replay: \(error)")
        }
        return problems
    }

    private static func replay(
        _ events: [ChangeHistoryEvent], onto start: AppView, reaching view: AppView, includeGroups: Bool
    ) -> [String] {
        let isGroupEvent = { (event: ChangeHistoryEvent) in
            if case .contact = event.viewKey { false } else { event.viewKey != nil }
        }
        if !includeGroups, let event = events.first(where: isGroupEvent) {
            return ["\(event) without group changes asked for"]
        }
        do {
            let result = try start.replaying(events)
            guard result == view else {
                let wrong = result.changedKeys(comparedWith: view).sorted { "\($0)" < "\($1)" }.prefix(4)
                return ["the replay does not reach the view now; wrong: \(wrong)"]
            }
            return []
        } catch {
            return ["\(error)"]
        }
    }
}
