import ContactCore

/// SPEC 11: a history fetch against the model's commits.
extension Runner {
    mutating func history(app: Int, _ pick: TokenPick, excluding author: String?, includeGroups: Bool) throws(Failure) {
        // The model answers the prompt a first fetch shows first: a limited answer decides the meaning.
        let access = model.access(app)
        let (token, meaning) = self.token(pick, app: app)
        // The keys this app may fetch: every event's values are compared with the model's.
        let keys = Cast.apps[app].hasNotesEntitlement ? Keys.everything : Keys.everythingButNote
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
        if model.apps[app].status == .limited {
            try expect(history.currentToken, .limitedAccess, "SPEC 11 limited access token", "token given to limited app \(app)")
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

    /// The token a pick presents and what it means to this device for `app`.
    func token(_ pick: TokenPick, app: Int) -> (HistoryToken?, TokenMeaning) {
        let seen = { (n: Int) in tokens.isEmpty ? nil : tokens[tokens.count - 1 - n % tokens.count] }
        let token: HistoryToken?, meaning: TokenMeaning
        switch pick {
        case .none:
            (token, meaning) = (nil, .fullSync(.noToken))
        case .seen(let n):
            let known = seen(n)
            (token, meaning) = (known?.token, known.map { reach($0.commits) } ?? .fullSync(.noToken))
        case .limitedAccess:
            (token, meaning) = (.limitedAccess, .fullSync(.accessUpgraded))
        case .foreign(let bytes):
            (token, meaning) = (HistoryToken(bytes: bytes), .bytes)
        case .otherDevice(let n):
            (token, meaning) = (Self.tokens(of: model.device.otherIdentity, after: n), .fullSync(.foreignToken))
        case .atCommit(let n):
            let commits = 1 + n % Self.tokensPerIdentity
            // A position the device has not reached yet: a token from the future.
            (token, meaning) = (Self.tokens(of: model.device.identity, after: n),
                                commits > model.commits.count ? .fullSync(.futureToken) : reach(commits))
        case .damaged(let n, let index, let mask):
            if var bytes = seen(n)?.token.bytes, !bytes.isEmpty {
                bytes[index % bytes.count] ^= mask == 0 ? 1 : mask
                (token, meaning) = (HistoryToken(bytes: bytes), .fullSync(.malformedToken))
            } else {
                (token, meaning) = (nil, .fullSync(.noToken))
            }
        }
        // SPEC 11: a limited app's every fetch is a full sync, whatever the token.
        return (token, model.apps[app].status == .limited ? .fullSync(.limitedAccess) : meaning)
    }

    /// The changes since the first `commits` commits, if the history still keeps every one after them.
    func reach(_ commits: Int) -> TokenMeaning {
        model.device.historyLimit.map { model.commits.count - commits > $0 } == true ? .fullSync(.expiredToken) : .since(commits)
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

    func expectEvents(_ events: [Model.Event], _ expected: [[Model.Event]], _ rule: String) throws(Failure) {
        guard Self.matches(events, expected) else {
            throw fail("SPEC 11 history: \(rule)", "events \(events), expected (in groups of any order) \(expected)")
        }
    }

    /// SPEC 11 with SPEC 2: an added or updated contact carries its values now, with the keys
    /// asked for; an added one names its container; a group event carries the group's name now.
    func compareValues(_ events: [ChangeHistoryEvent], keys: Keys) throws(Failure) {
        for event in events {
            switch event {
            case .addContact(let contact, let container):
                guard let stored = model.contact(contact.identifier) else { continue }
                try compare(contact, stored, keys: keys, readingUnfetched: false)
                try expect(container, stored.container, "SPEC 11 history: an add's container", "the container of \(stored.id)")
            case .updateContact(let contact):
                guard let stored = model.contact(contact.identifier) else { continue }
                try compare(contact, stored, keys: keys, readingUnfetched: false)
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
