import ContactCore

/// SPEC 1b's check of a parallel run: an order of the branches' calls, each branch in its
/// order, in which the model gives exactly what every call returned and ends where the device
/// ended (statuses, permitted sets, prompts, contacts, each app's notifications).
///
/// A call is one or more instants. Most take effect at one; one that shows the person a prompt
/// reads the status at one instant and applies the answer at a later one, on the state it finds
/// then, and holds the device's prompt lock in between (no other prompt starts meanwhile); a
/// tap shows its rows, reads its snapshot, and lands its approval at three. The search is a
/// depth-first walk over the branches' next instants; a state (where each branch is, who holds
/// the prompt lock, the model) that failed once is not walked again, so the work is bounded by
/// the distinct states rather than by the orders.
struct Linearization {
    /// What the device showed once every branch had returned.
    struct Final: CustomStringConvertible {
        var statuses: [AuthorizationStatus]
        var permitted: [Set<String>]
        var prompts: Int
        /// Every contact with every value, as the person sees them, in insertion order.
        var contacts: [Row]
        var organisation: Organisation
        /// The notifications each app received during the branches, in order.
        var heard: [[Runner.Heard]]
        /// The net changes since the fork with each of ``Cast/authors`` left out in turn (`nil`
        /// where the device answered a full sync).
        var history: [[Model.Event]?]
        /// The token the setup app (authorized) holds: how many commits the device made, which
        /// neither the history (access changes have no event) nor the notifications (they do not
        /// say what changed) count.
        var token: HistoryToken?

        var description: String {
            "statuses \(statuses), permitted \(permitted.map { $0.sorted() }), \(prompts) prompts, \(contacts.count) contacts, "
                + "\(organisation.groups.count) groups, heard \(heard), history since the fork \(history)"
        }
    }

    /// The person's groups: each one's identifier and name in insertion order, the memberships
    /// and the nestings.
    struct Organisation: Hashable {
        var groups: [[String]]
        var members: Set<Model.Pair> = []
        var subgroups: Set<Model.Nesting> = []

        init(groups: [[String]]) { self.groups = groups }

        init(_ model: Model) {
            groups = model.groups.map { [$0.id, $0.name] }
            members = model.members
            subgroups = model.subgroups
        }
    }

    let calls: [[Call]]
    let seen: [[Seen]]
    let final: Final
    let firstCommit: Int
    /// States walked.
    private(set) var visited = 0
    private var dead = Set<Key>()

    init(calls: [[Call]], seen: [[Seen]], final: Final, firstCommit: Int) {
        self.calls = calls
        self.seen = seen
        self.final = final
        self.firstCommit = firstCommit
    }

    /// Where a branch is: its next call, that call's next instant, and what an earlier instant
    /// of the call carries to a later one (the rows a tap approved); `fetched`: the contact an
    /// edit's fetch read, which the edit's save writes back.
    struct Cursor: Hashable {
        var index = 0
        var phase = 0
        var carried: [String] = []
        var fetched: Model.Contact?
    }

    /// A call the order places: its branch, its index there, and how many commits the model
    /// had made once it landed.
    typealias Placed = (branch: Int, index: Int, commits: Int)

    private struct Key: Hashable {
        var cursors: [Cursor]
        var holder: Int?
        var model: Fingerprint
    }

    /// What of the model a branch's call or the end can observe.
    private struct Fingerprint: Hashable {
        var contacts: [Model.Contact]
        var organisation: Organisation
        var apps: [Model.App]
        var prompts: Int
        var authors: [String?]
        var notified: [Set<Int>]
        var origins: [Int?]
        /// What each commit changed: their order is what a later history fetch sees.
        var changes: [[Model.Change]]

        init(_ model: Model, since first: Int) {
            contacts = model.contacts
            organisation = Organisation(model)
            apps = model.apps
            prompts = model.promptsShown
            authors = model.commits[first...].map(\.author)
            notified = model.commits[first...].map(\.notified)
            origins = model.commits[first...].map(\.origin)
            changes = model.commits[first...].map(\.changes)
        }
    }

    /// The model after the first order that explains the run, and the calls in that order
    /// (branch, index); `nil` when none does.
    mutating func order(from model: Model) -> (model: Model, calls: [Placed])? {
        var done: [Placed] = []
        let start = [Cursor](repeating: Cursor(), count: calls.count)
        return search(start, holder: nil, model: model, done: &done).map { ($0, done) }
    }

    private mutating func search(_ cursors: [Cursor], holder: Int?, model: Model, done: inout [Placed]) -> Model? {
        if cursors.indices.allSatisfy({ cursors[$0].index == calls[$0].count }) {
            return ends(model) ? model : nil
        }
        let key = Key(cursors: cursors, holder: holder, model: Fingerprint(model, since: firstCommit))
        guard !dead.contains(key) else { return nil }
        visited += 1
        for branch in cursors.indices where cursors[branch].index < calls[branch].count {
            var next = model, cursor = cursors[branch], holding = holder
            guard step(branch, &cursor, &holding, &next) else { continue }
            var moved = cursors
            moved[branch] = cursor
            let finished = cursor.index > cursors[branch].index
            if finished { done.append((branch, cursors[branch].index, next.commits.count)) }
            if let found = search(moved, holder: holding, model: next, done: &done) { return found }
            if finished { done.removeLast() }
        }
        dead.insert(key)
        return nil
    }

    /// Whether the device ended where `model` is.
    private func ends(_ model: Model) -> Bool {
        guard model.promptsShown == final.prompts, Organisation(model) == final.organisation,
              model.contacts.map({ Row($0, keys: .everything) }) == final.contacts else { return false }
        // As many commits as the device made: a later history fetch's token shows their count.
        if let expected = Runner.currentToken(for: .authorized, in: model), expected != final.token { return false }
        // The order of the commits, which later history fetches see.
        for (author, events) in zip(Cast.authors, final.history) {
            guard let events else { continue }
            guard Runner.matches(events, model.delta(since: firstCommit, excluding: author, includeGroups: true)) else { return false }
        }
        for app in Cast.apps.indices {
            guard model.apps[app].status == final.statuses[app], model.apps[app].permitted == final.permitted[app],
                  model.commits[firstCommit...].filter({ $0.notified.contains(app) }).map({ Runner.Heard($0, to: app) }) == final.heard[app]
            else { return false }
        }
        return true
    }

    /// The next instant of `branch`'s current call on `model`: whether it can happen now and
    /// agrees with what the call returned. Moves the cursor and the prompt lock's holder.
    private func step(_ branch: Int, _ cursor: inout Cursor, _ holder: inout Int?, _ model: inout Model) -> Bool {
        let seen = seen[branch][cursor.index]
        let free = holder == nil || holder == branch
        /// What this call hands the branch's next one: an edit's fetch, the contact it read.
        var handed: Model.Contact?
        func finish(_ agrees: Bool) -> Bool {
            cursor = Cursor(index: cursor.index + 1, fetched: handed)
            return agrees
        }
        func then(_ phase: Int, carrying: [String] = []) -> Bool {
            cursor.phase = phase
            cursor.carried = carrying
            return true
        }
        /// The gate of every read and write (a prompt from `notDetermined`), then the call's
        /// own instant, where `agrees` says whether the model gives what the call returned.
        func gated(_ app: Int, failed: (ContactError.Code) -> Seen, agrees: (inout Model) -> Bool) -> Bool {
            switch cursor.phase {
            case 0:
                guard model.apps[app].status == .notDetermined else { return then(2) }
                guard Cast.apps[app].usageDescription?.isEmpty == false else { return finish(seen == failed(.missingUsageDescription)) }
                guard free else { return false }
                guard model.answer != nil else { return finish(seen == failed(.authorizationDenied)) }
                model.promptsShown += 1
                holder = branch
                return then(1)
            case 1:
                holder = nil
                if let answer = model.answer { _ = model.landAnswer(answer, app: app) }
                return then(2)
            default:
                guard model.apps[app].status != .notDetermined else { return finish(seen == failed(.authorizationDenied)) }
                return finish(agrees(&model))
            }
        }
        /// A save: after the gate it reads the status once more, checks entitlements and values
        /// (which depend on the request only), then commits under the lock at a later instant.
        func saving(_ app: Int, author: String?, _ steps: [Model.SaveStep]) -> Bool {
            guard case .save(_, let contacts, let groups) = seen else { return false }
            func failed(_ code: ContactError.Code) -> Seen { .save(.failed(code, identifiers: [], underlying: 0), contacts: [:], groups: [:]) }
            if cursor.phase == 2 {
                guard model.apps[app].status.grantsAccess else { return finish(seen == failed(.authorizationDenied)) }
                var probe = model
                let outcome = probe.save(app: app, author: author, steps: steps, newContacts: contacts, newGroups: groups)
                if case .failed(let code, _, _) = outcome, code == .unauthorizedKeys || code.rawValue / 100 == 3 {
                    return finish(seen == .save(outcome, contacts: contacts, groups: groups))
                }
                return then(3)
            }
            if cursor.phase == 3 { cursor.phase = 2 }
            return gated(app, failed: failed) { model in
                seen == .save(model.save(app: app, author: author, steps: steps, newContacts: contacts, newGroups: groups),
                              contacts: contacts, groups: groups)
            }
        }

        switch calls[branch][cursor.index] {
        case .request(let app):
            if cursor.phase == 1 {
                holder = nil
                guard let answer = model.answer else { return false }
                return finish(seen == .access(.success(model.landAnswer(answer, app: app))))
            }
            guard Cast.apps[app].usageDescription?.isEmpty == false else { return finish(seen == .access(.failure(.missingUsageDescription))) }
            guard free else { return false }
            guard model.apps[app].status == .notDetermined else { return finish(seen == .access(.success(model.apps[app].status.grantsAccess))) }
            guard model.answer != nil else { return finish(seen == .access(.failure(.authorizationDenied))) }
            model.promptsShown += 1
            holder = branch
            return then(1)
        case .settings(let app, let change):
            return finish(seen == .settings(model.applySettings(change, to: app)))
        case .restrict(let app, let restricted):
            model.setRestricted(restricted, app: app)
            return finish(seen == .done)
        case .save(let app, let author, let save):
            return saving(app, author: author, save.steps)
        case .saveFetched(let app, let id, let keys, let person):
            // No save when the edit's fetch failed; else the copy it read, with the new given name.
            guard seen != .skipped else { return finish(cursor.fetched == nil) }
            guard let fetched = cursor.fetched else { return false }
            return saving(app, author: nil, [.edit(.saved(id), givenPerson: person, fetched: fetched, keys: keys)])
        case .fetch(let app, let query, _, let ids, let scope, let keys, let sort):
            if cursor.phase == 0 {
                if keys.keys.contains(.note), !Cast.apps[app].hasNotesEntitlement { return finish(seen == .rows(.failure(.unauthorizedKeys))) }
                if Model.isInvalid(query) { return finish(seen == .rows(.failure(.predicateInvalid))) }
            }
            return gated(app, failed: { .rows(.failure($0)) }) { model in
                if let code = model.access(app) { return seen == .rows(.failure(code)) }
                let selected = model.select(query, resolved: ids, scope: scope, app: app) ?? []
                return seen == .rows(.success(model.sorted(selected, by: sort).map { Row($0, keys: keys) }))
            }
        case .fetchOne(let app, let id, let keys):
            if cursor.phase == 0, keys.keys.contains(.note), !Cast.apps[app].hasNotesEntitlement {
                return finish(seen == .rows(.failure(.unauthorizedKeys)))
            }
            let edits = calls[branch].indices.contains(cursor.index + 1)
                && { if case .saveFetched = calls[branch][cursor.index + 1] { true } else { false } }()
            return gated(app, failed: { .rows(.failure($0)) }) { model in
                let outcome = model.fetchOne(app: app, id, keys: keys)
                if edits, case .success(let contact) = outcome { handed = contact }
                return seen == .rows(outcome.map { [Row($0, keys: keys)] })
            }
        case .history(let app, _, let position, let author, let includeGroups):
            guard case .history(let outcome) = seen else { return false }
            return gated(app, failed: { .history(.failure($0)) }) { model in
                if let code = model.access(app) { return outcome == .failure(code) }
                guard case .success(let history) = outcome else { return false }
                return Runner.historyAgrees(history, app: app, position: position, excluding: author, includeGroups: includeGroups,
                                            in: model)
            }
        case .accessPicker(let app, let selection):
            // Shown only to a limited app; the person's choice lands at a later instant, on
            // the state it finds then (SPEC 1b).
            guard case .picked(let granted) = seen else { return false }
            guard cursor.phase == 1 else {
                return model.apps[app].status == .limited ? then(1) : finish(granted == .success([]))
            }
            return finish(granted == .success(model.presentAccessPicker(app, adding: selection.adding, removing: selection.removing)))
        case .contactPicker(let app, let chosen, let keys):
            return finish(seen == .rows(model.presentContactPicker(app, chosen: chosen, keys: keys).map { $0.map { Row($0, keys: keys) } }))
        case .button(let app, let tap):
            guard case .button(let view, let result) = seen else { return false }
            switch cursor.phase {
            case 0:
                let shown = model.apps[app].status == .limited || model.apps[app].status == .notDetermined
                return view == (shown ? model.buttonRows(app: app, tap).map(\.id) : nil) && then(1)
            case 1:
                switch model.tapApproves(app: app, tap) {
                case .failure(let end): return finish(result == end.result)
                case .success(let approved): return then(2, carrying: approved)
                }
            case 2:
                guard free else { return false }
                guard model.apps[app].status == .notDetermined else { return finish(result == model.landApproval(cursor.carried, app: app)) }
                guard Cast.apps[app].usageDescription?.isEmpty == false, model.answer != nil else { return finish(result == .promptFailed) }
                model.promptsShown += 1
                holder = branch
                return then(3, carrying: cursor.carried)
            default:
                holder = nil
                return finish(result == model.landSimplifiedAnswer(cursor.carried, app: app))
            }
        }
    }
}
