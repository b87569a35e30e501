import ContactCore

/// SPEC 11: a history fetch against the model's commits.
extension Runner {
    mutating func history(app: Int, _ pick: TokenPick, excluding author: String?, includeGroups: Bool) throws(Failure) {
        let token: HistoryToken? = switch pick {
        case .none: nil
        case .seen(let n): tokens.isEmpty ? nil : tokens[tokens.count - 1 - n % tokens.count].token
        case .limitedAccess: .limitedAccess
        case .foreign(let bytes): HistoryToken(bytes: bytes)
        }
        let request = ChangeHistoryFetchRequest(startingToken: token, includeGroupChanges: includeGroups,
                                                excludedTransactionAuthors: author.map { [$0] } ?? [])
        let access = model.access(app)
        let history: ChangeHistory
        do {
            history = try stores[app].changeHistory(for: request)
        } catch {
            return try expect(error.code, access, "SPEC 11 history", "history fetch by app \(app)")
        }
        try expect(nil, access, "SPEC 11 history", "history fetch by app \(app)")
        let events = history.events.map(Self.event)
        let full = model.fullSync(app: app, includeGroups: includeGroups)
        // Every token this device gave, and when; a limited app's is the fixed one.
        let known = tokens.first { token != nil && $0.token == token && $0.token != .limitedAccess }
        if model.apps[app].status == .limited {
            try expect(history.currentToken, .limitedAccess, "SPEC 11 limited access token", "token given to limited app \(app)")
            try expectEvents(events, full, "a limited app always gets a full sync")
        } else if let known {
            try expectEvents(events, model.delta(since: known.commits, excluding: author, includeGroups: includeGroups),
                             "the net changes since the token")
        } else if case .foreign = pick, token != .limitedAccess, events.first != .dropEverything {
            // Bytes that happen to spell a token of this device must mean one of its positions.
            let positions = (0...model.commits.count).map { model.delta(since: $0, excluding: author, includeGroups: includeGroups) }
            guard positions.contains(where: { Self.matches(events, $0) }) else {
                throw fail("SPEC 11 foreign tokens", "bytes \(token?.bytes ?? []) gave \(events), neither a full sync nor a delta")
            }
        } else {
            try expectEvents(events, full, "a missing, foreign or limited-access token gives a full sync")
        }
        if model.apps[app].status == .authorized { tokens.append((history.currentToken, model.commits.count)) }
    }

    func expectEvents(_ events: [Model.Event], _ expected: [[Model.Event]], _ rule: String) throws(Failure) {
        guard Self.matches(events, expected) else {
            throw fail("SPEC 11 history: \(rule)", "events \(events), expected (in groups of any order) \(expected)")
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
        case .addSubgroup(let g, let p): .addGroup("\(g) in \(p)")
        case .removeSubgroup(let g, let p): .deleteGroup("\(g) in \(p)")
        }
    }
}
