import ContactCore

/// SPEC 11: a history fetch against the model's commits.
extension Runner {
    mutating func history(app: Int, _ pick: TokenPick, excluding author: String?, includeGroups: Bool) throws(Failure) {
        // The model answers the prompt a first fetch shows first: a limited answer decides the meaning.
        let access = model.access(app)
        let (token, position) = self.token(pick)
        let meaning = Self.meaning(of: position, app: app, in: model)
        // The keys this app may fetch: every event's values are compared with the model's.
        let keys = Self.historyKeys(app)
        let request = ChangeHistoryFetchRequest(startingToken: token, includeGroupChanges: includeGroups,
                                                excludedTransactionAuthors: author.map { [$0] } ?? [],
                                                additionalContactKeys: keys.keys)
        let history: ChangeHistory
        do {
            history = try stores[app].changeHistory(for: request)
        } catch {
            return try expect(error.code, access, "SPEC 11 history", "history fetch by app \(app)")
        }
        try expect(nil, access, "SPEC 11 history", "history fetch by app \(app)")
        let events = history.events.map(Self.event)
        // The token of the instant the events come from: this device's position now.
        if let now = Self.currentToken(for: model.apps[app].status, in: model) {
            try expect(history.currentToken, now, "SPEC 11 history token", "the token given to app \(app) with its events")
        }
        let full = model.fullSync(app: app, includeGroups: includeGroups)
        switch meaning {
        case .since(let commits):
            try expectEvents(events, model.delta(since: commits, excluding: author, includeGroups: includeGroups),
                             "the net changes since the token")
            try expect(history.fullSyncReason, nil, "SPEC 11 history", "the full-sync reason for a token the history reaches")
        case .fullSync(let reason):
            try expectEvents(events, full, "a missing, foreign, malformed, expired or limited-access token gives a full sync")
            try expect(history.fullSyncReason, reason, "SPEC 11 history: why a full sync", "the full-sync reason")
        case .bytes where events.first == .dropEverything:
            try expectEvents(events, full, "bytes no device wrote give a full sync")
            try expect(history.fullSyncReason, .malformedToken, "SPEC 11 history: why a full sync", "the full-sync reason")
        case .bytes:
            // Bytes that happen to spell a token of this device must mean one of its positions.
            let positions = (0...model.commits.count).map { model.delta(since: $0, excluding: author, includeGroups: includeGroups) }
            guard positions.contains(where: { Self.matches(events, $0) }) else {
                throw fail("SPEC 11 foreign tokens", "bytes \(token?.bytes ?? []) gave \(events), neither a full sync nor a delta")
            }
        }
        try compareValues(history.events, keys: keys)
        if model.apps[app].status == .authorized { tokens.append((history.currentToken, model.commits.count)) }
    }

    /// What SPEC 11 makes of a token: the changes since a position (a count of the model's
    /// commits), or a full sync and why; `bytes` of no device may mean either.
    enum TokenMeaning {
        case since(Int)
        case fullSync(FullSyncReason)
        case bytes
    }

    /// Where a presented token points, before the state it lands on says what that means: a
    /// position of this device may be expired or in the future, and no token means anything
    /// to a limited app (``meaning(of:app:in:)``).
    enum TokenPosition: Sendable {
        /// After the first n commits of this device.
        case commits(Int)
        case fullSync(FullSyncReason)
        case bytes
    }

    /// The token a pick presents and where it points.
    func token(_ pick: TokenPick) -> (HistoryToken?, TokenPosition) {
        let seen = { (n: Int) in tokens.isEmpty ? nil : tokens[tokens.count - 1 - n % tokens.count] }
        switch pick {
        case .none:
            return (nil, .fullSync(.noToken))
        case .seen(let n):
            let known = seen(n)
            return (known?.token, known.map { .commits($0.commits) } ?? .fullSync(.noToken))
        case .limitedAccess:
            return (.limitedAccess, .fullSync(.accessUpgraded))
        case .foreign(let bytes):
            return (HistoryToken(bytes: bytes), .bytes)
        case .otherDevice(let n):
            return (Self.tokens(of: model.device.otherIdentity, after: n), .fullSync(.foreignToken))
        case .atCommit(let n):
            return (Self.tokens(of: model.device.identity, after: n), .commits(1 + n % Self.tokensPerIdentity))
        case .damaged(let n, let index, let mask):
            guard var bytes = seen(n)?.token.bytes, !bytes.isEmpty else { return (nil, .fullSync(.noToken)) }
            bytes[index % bytes.count] ^= mask == 0 ? 1 : mask
            return (HistoryToken(bytes: bytes), .fullSync(.malformedToken))
        }
    }

    /// What a token pointing at `position` means to `app` on `model`: a limited app's every
    /// fetch is a full sync, whatever the token; a position the device has not reached yet is
    /// a token from the future; one the history no longer keeps every commit after has expired.
    static func meaning(of position: TokenPosition, app: Int, in model: Model) -> TokenMeaning {
        guard model.apps[app].status != .limited else { return .fullSync(.limitedAccess) }
        switch position {
        case .commits(let commits) where commits > model.commits.count: return .fullSync(.futureToken)
        case .commits(let commits):
            let expired = model.device.historyLimit.map { model.commits.count - commits > $0 } == true
            return expired ? .fullSync(.expiredToken) : .since(commits)
        case .fullSync(let reason): return .fullSync(reason)
        case .bytes: return .bytes
        }
    }

    /// The token the device gives an app of `status` when `model` has made its commits: the
    /// limited-access one, or the one a device of the same identity gave after as many
    /// commits (`nil` past the commits those devices made).
    static func currentToken(for status: AuthorizationStatus, in model: Model) -> HistoryToken? {
        if status == .limited { return .limitedAccess }
        return (1...tokensPerIdentity).contains(model.commits.count) ? tokens(of: model.device.identity, after: model.commits.count - 1) : nil
    }

    static let tokensPerIdentity = 64

    /// The token a device of `identity` gives after its first 1 + n % 64 commits: a device
    /// of each identity made them once (Settings changes, a commit each).
    static func tokens(of identity: UInt64, after n: Int) -> HistoryToken? {
        let list = identity == 1 ? tokensOfIdentity.0 : tokensOfIdentity.1
        return list.isEmpty ? nil : list[n % list.count]
    }

    private static let tokensOfIdentity: ([HistoryToken], [HistoryToken]) = (made(identity: 1), made(identity: 2))

    private static func made(identity: UInt64) -> [HistoryToken] {
        let device = ContactDevice(seed: 1, identity: identity)
        let reader = AppConfiguration(bundleIdentifier: "com.example.clock", usageDescription: "Keeps time.")
        let store = device.store(for: reader)
        var tokens: [HistoryToken] = []
        for commit in 0..<tokensPerIdentity {
            let change: SettingsChange = commit % 2 == 0 ? .allowFull : .deny
            let app = commit == 0 ? reader.bundleIdentifier : "com.example.switch"
            guard (try? device.applySettings(change, to: app)) != nil, let token = try? store.currentHistoryToken else { return tokens }
            tokens.append(token)
        }
        return tokens
    }

    /// SPEC 11 for a fetch of a parallel program, landed on `model`: the events and reason
    /// its token's position gives there, each added or updated contact's values there, and
    /// the token of that instant.
    static func historyAgrees(_ seen: HistorySeen, app: Int, position: TokenPosition, excluding author: String?,
                              includeGroups: Bool, in model: Model) -> Bool {
        if let now = currentToken(for: model.apps[app].status, in: model), seen.token != now { return false }
        let agrees: Bool = switch meaning(of: position, app: app, in: model) {
        case .since(let commits):
            seen.reason == nil && matches(seen.events, model.delta(since: commits, excluding: author, includeGroups: includeGroups))
        case .fullSync(let reason):
            seen.reason == reason && matches(seen.events, model.fullSync(app: app, includeGroups: includeGroups))
        case .bytes where seen.events.first == .dropEverything:
            seen.reason == .malformedToken && matches(seen.events, model.fullSync(app: app, includeGroups: includeGroups))
        case .bytes:
            (0...model.commits.count).contains {
                matches(seen.events, model.delta(since: $0, excluding: author, includeGroups: includeGroups))
            }
        }
        let keys = historyKeys(app)
        return agrees && seen.rows == seen.events.compactMap { event in
            switch event {
            case .addContact(let id), .updateContact(let id): model.contact(id).map { Row($0, keys: keys) }
            default: nil
            }
        }
    }

    /// Every key `app` may fetch: what its history fetches ask for.
    static func historyKeys(_ app: Int) -> Keys {
        Cast.apps[app].hasNotesEntitlement ? Keys.everything : Keys.everythingButNote
    }

    func expectEvents(_ events: [Model.Event], _ expected: [[Model.Event]], _ rule: String) throws(Failure) {
        guard Self.matches(events, expected) else {
            throw fail("SPEC 11 history: \(rule)", "events \(events), expected (in groups of any order) \(expected)")
        }
    }

    /// SPEC 11 with SPEC 2: an added or updated contact carries its values now, with the keys
    /// asked for; an added one names its container; a group event carries the group's name now.
    func compareValues(_ events: [ChangeHistoryEvent], keys: Keys) throws(Failure) {
        var first = true
        for event in events {
            switch event {
            case .addContact(let contact, let container):
                guard let stored = model.contact(contact.identifier) else { continue }
                try compare(contact, stored, keys: keys, askingKeys: first, readingUnfetched: false)
                first = false
                try expect(container, stored.container, "SPEC 11 history: an add's container", "the container of \(stored.id)")
            case .updateContact(let contact):
                guard let stored = model.contact(contact.identifier) else { continue }
                try compare(contact, stored, keys: keys, askingKeys: first, readingUnfetched: false)
                first = false
            case .addGroup(let group), .updateGroup(let group):
                guard let stored = model.groups.first(where: { $0.id == group.identifier }) else { continue }
                try expect(group.name, stored.name, "SPEC 11 history: a group's values", "the name of \(group.identifier)")
                try expect(group.containerIdentifier, stored.container, "SPEC 11 history: a group's values",
                           "the container of \(group.identifier)")
            default:
                continue
            }
        }
    }

    /// Whether `events` are the groups in order, each group's events in any order.
    static func matches(_ events: [Model.Event], _ groups: [[Model.Event]]) -> Bool {
        var rest = events[...]
        for group in groups {
            guard rest.count >= group.count, rest.prefix(group.count).sorted() == group.sorted() else { return false }
            rest = rest.dropFirst(group.count)
        }
        return rest.isEmpty
    }

    static func event(_ event: ChangeHistoryEvent) -> Model.Event {
        switch event {
        case .dropEverything: .dropEverything
        case .addContact(let c, _): .addContact(c.identifier)
        case .updateContact(let c): .updateContact(c.identifier)
        case .deleteContact(let id): .deleteContact(id)
        case .addGroup(let g): .addGroup(g.identifier)
        case .updateGroup(let g): .updateGroup(g.identifier)
        case .deleteGroup(let id): .deleteGroup(id)
        case .addMember(let c, let g): .addMember(contact: c, group: g)
        case .removeMember(let c, let g): .removeMember(contact: c, group: g)
        case .addSubgroup(let g, let p): .addSubgroup(group: g, parent: p)
        case .removeSubgroup(let g, let p): .removeSubgroup(group: g, parent: p)
        }
    }
}
