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

    /// Whether the call may change its app's status or permitted set.
    var changesAccess: Bool {
        switch self {
        case .request, .settings, .restrict, .button, .accessPicker: true
        case .save, .saveFetched, .fetch, .fetchOne, .history, .contactPicker: false
        }
    }
}
