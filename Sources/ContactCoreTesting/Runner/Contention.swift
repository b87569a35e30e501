import ContactCore

/// What a parallel program's branches share once resolved at the fork: the measure of how
/// likely its branch shapes make a conflict (`ParallelReachTests`, `Fuzz/README.md`).
package struct Contention: Hashable, Sendable {
    /// Two branches name the same contact.
    package var contact = false
    /// Two branches each name some contact: the programs where ``contact`` could hold.
    package var naming = false
    /// Two branches call the same app.
    package var app = false
    /// A branch changes the status or permitted set of an app that another branch calls.
    package var status = false
    /// Each app's status at the fork.
    package var statuses: [AuthorizationStatus] = []
    /// A branch deletes a contact that another branch's call may grant an app (SPEC 1b: a
    /// contact deleted meanwhile is not granted).
    package var deleteRacesGrant = false
    /// Three branches call an app that is restricted at the fork.
    package var threeOnRestricted = false
    /// A save by an app with full access at the fork changes two contacts that another
    /// branch's contact picker hands over (SPEC 9b: the picked contacts come from one instant).
    package var writeRacesPicker = false
    /// A save by an app with full access at the fork changes two contacts that another
    /// branch's fetch reads (every contact, or both by identifier): SPEC 5, one fetch's contacts
    /// and their order come from one instant.
    package var writeRacesFetch = false
    /// A save by an app with full access at the fork deletes a contact that the person's
    /// limited answer names, while another branch prompts an app not yet asked (SPEC 1b: the
    /// answer lands on the state as it is then).
    package var deleteRacesPrompt = false
    /// A tap of an app whose button shows at the fork (limited, or not asked) while another
    /// branch changes that app in Settings (SPEC 8: the tap's view, snapshot and approval each
    /// read the status of their instant).
    package var settingsRacesTap = false
}

extension Runner {
    /// How `program`'s branches meet, resolved as a run resolves them after its prefix; `nil`
    /// for a program with no branches, or whose start or prefix breaks a rule.
    package static func contention(of program: Program) -> Contention? {
        guard let parallel = program.parallel, var runner = try? Runner(startOf: program) else { return nil }
        do {
            for operation in program.operations { try runner.perform(operation) }
        } catch {
            return nil
        }
        runner.pool = parallel.pool
        let branches = parallel.branches.map { $0.flatMap(runner.calls(for:)) }
        var met = Contention(statuses: runner.model.apps.map(\.status))
        for (i, one) in branches.enumerated() {
            for other in branches[(i + 1)...] {
                for a in one {
                    for b in other {
                        met.naming = met.naming || !a.contacts.isEmpty && !b.contacts.isEmpty
                        met.contact = met.contact || !a.contacts.isDisjoint(with: b.contacts)
                        met.app = met.app || a.app == b.app
                        met.status = met.status || a.app == b.app && (a.changesAccess || b.changesAccess)
                    }
                }
            }
        }
        met.deleteRacesGrant = branches.indices.contains { i in
            branches.indices.contains { j in
                i != j && branches[i].contains { a in branches[j].contains { b in !a.deletes.isDisjoint(with: b.grants) || (!a.deletes.isEmpty && b.grantsAny) } }
            }
        }
        let full = Set(met.statuses.indices.filter { met.statuses[$0] == .authorized })
        let answered: Set<String> = if case .limited(let refs)?? = parallel.answer { Set(refs.map(runner.resolve)) } else { [] }
        let asked = Set(met.statuses.indices.filter { met.statuses[$0] == .notDetermined && Cast.apps[$0].usageDescription != nil })
        for (i, one) in branches.enumerated() {
            for (j, other) in branches.enumerated() where i != j {
                for save in one where full.contains(save.app) && !save.changes.isEmpty {
                    let changed = save.changes
                    met.writeRacesPicker = met.writeRacesPicker || other.contains { call in
                        guard case .contactPicker(_, let chosen, _) = call else { return false }
                        return changed.intersection(chosen).count >= 2
                    }
                    met.writeRacesFetch = met.writeRacesFetch || changed.count >= 2 && other.contains { call in
                        guard case .fetch(_, let query, _, let ids, _, _, _) = call else { return false }
                        if case .all = query { return true }
                        return changed.intersection(ids).count >= 2
                    }
                    met.deleteRacesPrompt = met.deleteRacesPrompt || !save.deletes.isDisjoint(with: answered) && other.contains { call in
                        guard case .request(let prompted) = call else { return false }
                        return prompted != save.app && asked.contains(prompted)
                    }
                }
            }
        }
        let showing = Set(met.statuses.indices.filter { [.limited, .notDetermined].contains(met.statuses[$0]) })
        met.settingsRacesTap = branches.indices.contains { i in
            branches.indices.contains { j in
                i != j && branches[i].contains { tap in
                    guard case .button(let app, _) = tap, showing.contains(app) else { return false }
                    return branches[j].contains { if case .settings(app, _) = $0 { true } else { false } }
                }
            }
        }
        met.threeOnRestricted = branches.count == 3 && met.statuses.indices.contains { app in
            met.statuses[app] == .restricted && branches.allSatisfy { $0.contains { $0.app == app } }
        }
        return met
    }
}

extension Call {
    var app: Int {
        switch self {
        case .request(let app), .settings(let app, _), .restrict(let app, _), .save(let app, _, _), .fetch(let app, _, _, _, _, _, _),
             .fetchOne(let app, _, _), .button(let app, _), .saveFetched(let app, _, _, _), .history(let app, _, _, _, _),
             .accessPicker(let app, _), .contactPicker(let app, _, _):
            app
        }
    }

    /// The contacts the call names by identifier.
    var contacts: Set<String> {
        switch self {
        case .settings(_, .allowLimited(let ids)): ids
        case .settings(_, .editPermittedSet(let adding, let removing)): adding.union(removing)
        case .save(_, _, let save):
            Set(save.steps.flatMap { step -> [Model.Reference] in
                switch step {
                case .update(let ref, _), .delete(let ref), .edit(let ref, _, _, _): [ref]
                case .addMember(let contact, _), .removeMember(let contact, _): [contact]
                default: []
                }
            }.compactMap { if case .saved(let id) = $0 { id } else { nil } })
        case .fetch(_, _, _, let ids, _, _, _): Set(ids)
        case .fetchOne(_, let id, _), .saveFetched(_, let id, _, _): [id]
        case .accessPicker(_, let selection): Set(selection.adding + selection.removing)
        case .contactPicker(_, let chosen, _): Set(chosen)
        case .request, .settings, .restrict, .button, .history: []
        }
    }

    /// The contacts the call deletes.
    var deletes: Set<String> {
        guard case .save(_, _, let save) = self else { return [] }
        return Set(save.steps.compactMap { step in
            if case .delete(.saved(let id)) = step { id } else { nil }
        })
    }

    /// The contacts a save updates or deletes.
    var changes: Set<String> {
        guard case .save(_, _, let save) = self else { return [] }
        return Set(save.steps.compactMap { step in
            switch step {
            case .update(.saved(let id), _), .delete(.saved(let id)): id
            default: nil
            }
        })
    }

    /// The contacts the call may add to its app's permitted set, by identifier.
    var grants: Set<String> {
        switch self {
        case .settings(_, .allowLimited(let ids)): ids
        case .settings(_, .editPermittedSet(let adding, _)): adding
        case .accessPicker(_, let selection): Set(selection.adding)
        default: []
        }
    }

    /// Whether the call may grant contacts it does not name: a tap, a prompt's limited answer.
    var grantsAny: Bool {
        switch self {
        case .button, .request: true
        default: false
        }
    }

    /// Whether the call may change its app's status or permitted set.
    var changesAccess: Bool {
        switch self {
        case .request, .settings, .restrict, .button, .accessPicker: true
        case .save, .saveFetched, .fetch, .fetchOne, .history, .contactPicker: false
        }
    }
}
