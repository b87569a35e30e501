/// The parallel part of a ``Program``: two or three branches whose operations run at the same
/// time on threads of their own, each branch in its order, then a suffix run one at a time.
///
/// The run passes when some interleaving of the branches' calls, respecting each branch's
/// order, makes the model give exactly what every call returned (``Linearization``). Every
/// operation may run in a branch: an edit of a fetched contact is two calls (the fetch, then the
/// save of what it read), a history fetch presents the tokens the run had at the fork, and
/// each picker the person answers with the choice its operation carries.
package struct Parallel: Hashable, Sendable {
    package var branches: [[Op]]
    package var suffix: [Op] = []
    /// How many of the newest contacts the branches' references draw from (`nil`: every one
    /// the run has seen): a small pool makes two branches touch the same contact far more
    /// often than chance would.
    package var pool: Int?

    package init(branches: [[Op]], suffix: [Op] = [], pool: Int? = nil) {
        self.branches = branches
        self.suffix = suffix
        self.pool = pool
    }

    /// The person's answer at every prompt of the branches (the device has one responder): the
    /// answer the first request of the branches carries; `nil` when no branch requests, `.some(nil)`
    /// when the first request carries none.
    package var answer: Answer?? {
        for case .request(_, let answer) in branches.joined() { return answer }
        return nil
    }

    /// Most operations a branch holds.
    package static let maximumBranchLength = 4

    /// Whether one branch writes what another touches (an app's status and permitted set, or
    /// the contacts): the programs whose runs can race, which the property runs more often.
    package var contends: Bool {
        for (i, one) in branches.enumerated() {
            let written = Set(one.flatMap(\.writes))
            for (j, other) in branches.enumerated() where j != i {
                if !written.isDisjoint(with: other.flatMap(\.touches)) { return true }
            }
        }
        return false
    }
}

extension Op {
    /// What a call may change, as ``Parallel/contends`` counts it: an app (its status and
    /// permitted set) by index, or the contacts as ``Cast/actors``.
    var writes: Set<Int> {
        switch self {
        case .save, .editFetched: [Cast.actors]
        case .request, .settings, .restrict, .button, .accessPicker: [app]
        case .fetch, .fetchOne, .history, .contactPicker: []
        }
    }

    /// What a call reads or writes, in the same terms.
    var touches: Set<Int> {
        switch self {
        case .settings, .restrict, .request: [app]
        default: [app, Cast.actors]
        }
    }
}

extension Program {
    /// The same operations one at a time: the prefix, each branch in turn, the suffix.
    package var oneAtATime: Program {
        guard let parallel else { return self }
        var program = self
        program.operations += parallel.branches.joined() + parallel.suffix
        program.parallel = nil
        return program
    }
}

extension Op {
    /// The app that calls.
    package var app: Int {
        switch self {
        case .request(let app, _), .settings(let app, _), .restrict(let app, _), .save(let app, _, _),
             .editFetched(let app, _, _, _), .fetch(let app, _, _, _), .fetchOne(let app, _, _), .history(let app, _, _, _),
             .accessPicker(let app, _, _), .button(let app, _), .contactPicker(let app, _, _):
            app
        }
    }

    /// The same operation called by `app`.
    package func by(_ app: Int) -> Op {
        switch self {
        case .request(_, let answer): .request(app: app, answer: answer)
        case .settings(_, let setting): .settings(app: app, setting)
        case .restrict(_, let restricted): .restrict(app: app, restricted)
        case .save(_, let author, let steps): .save(app: app, author: author, steps: steps)
        case .editFetched(_, let ref, let keys, let person): .editFetched(app: app, ref, keys: keys, givenPerson: person)
        case .fetch(_, let query, let keys, let sort): .fetch(app: app, query, keys: keys, sort: sort)
        case .fetchOne(_, let ref, let keys): .fetchOne(app: app, ref, keys: keys)
        case .history(_, let token, let excluded, let groups): .history(app: app, token: token, excludeAuthor: excluded, includeGroups: groups)
        case .accessPicker(_, let adding, let removing): .accessPicker(app: app, adding: adding, removing: removing)
        case .button(_, let tap): .button(app: app, tap)
        case .contactPicker(_, let chosen, let keys): .contactPicker(app: app, chosen: chosen, keys: keys)
        }
    }
}
