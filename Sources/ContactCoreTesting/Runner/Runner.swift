import ContactCore

/// Runs a ``Program`` on a real device and on the ``Model`` side by side: each operation's
/// result is compared as it happens, with the statuses, permitted sets, prompts and
/// notifications it may have changed; everything each app can read is swept once at the end,
/// unless the program wrote nothing (then it is its start's, swept when the start was made).
package struct Runner {
    private(set) var device: ContactDevice
    private(set) var stores: [ContactStore]
    let backEnd: BackEnd
    var model: Model
    /// Notifications each app received, as they were posted.
    let inbox = Locked<[[ContactStoreChange]]>(Array(repeating: [], count: Cast.apps.count))
    let promptsShown = Locked(0)
    /// Contact and group identifiers the store handed out, in order.
    var contacts: [String] = []
    var groups: [String] = []
    /// History tokens the store handed out, with how many commits the model had then.
    var tokens: [(token: HistoryToken, commits: Int)] = []
    /// While a parallel program's branches are resolved: how many of the newest contacts their
    /// references draw from (``Parallel/pool``).
    var pool: Int?
    var step = 0
    /// The start this runner was made from, when it may go back to ``idle`` after a program.
    private var start: Start?

    /// The first broken rule, or `nil`.
    ///
    /// `sweeping: false` ends without the sweep of every app's view: only the device's own
    /// invariant check, when the program asks for it, after the last reopen (and, on a
    /// persistent back end, always before it).
    package static func run(_ program: Program, on backEnd: BackEnd = .memory, sweeping: Bool = true) -> Failure? {
        // A program of no operation (a quarter of what fuzzing runs) checks nothing that its
        // start's sweep did not: in memory, once the start exists, it ends without a runner.
        let start = Start(of: program)
        if program.operations.isEmpty, program.parallel == nil, backEnd.reopen == nil, Self.starts.withLock({ $0[start] != nil }) {
            return nil
        }
        var runner: Runner
        do {
            runner = try Runner(startingFrom: program, at: start, on: backEnd)
        } catch {
            return error
        }
        defer { backEnd.finish(runner.device) }
        let (writes, commits, apps) = (runner.device.recordWrites, runner.model.commits.count, runner.model.apps)
        do {
            for (index, operation) in program.operations.enumerated() {
                runner.step += 1
                try runner.perform(operation)
                if program.reopensAfter.contains(index) { try runner.reopen() }
            }
            if let parallel = program.parallel {
                runner.step += 1
                try runner.perform(parallel)
                for operation in parallel.suffix {
                    runner.step += 1
                    try runner.perform(operation)
                }
            }
            runner.step = 0
            // The device the program left, before the final reopen reads back another: what it
            // kept since a reopen mid-program (the search keys filed while opening) is checked
            // here, in every program: next to SQLite's reads and writes the check costs little.
            if backEnd.reopen != nil { try runner.checkInvariants() }
            try runner.reopen()
            // A program that wrote nothing, on the device or in the model, ends on its start,
            // which was swept when it was made: reading it again would read the same records.
            let unchanged = runner.device.recordWrites == writes && runner.model.commits.count == commits && runner.model.apps == apps
            if !sweeping {
                if program.checksInvariants { try runner.checkInvariants() }
            } else if !unchanged || backEnd.reopen != nil {
                try runner.sweep(checkingInvariants: program.checksInvariants)
            }
        } catch {
            return error
        }
        runner.putAway()
        return nil
    }

    /// The device and model a program starts from, made once and copied for every run: the
    /// set-up is most of a short program's cost. Three levels, each made from the one before and
    /// checked step by step as it is made: the containers and the crowd (a few thousand
    /// contacts at most, shared by every cast), the person's contacts (few distinct), then the
    /// apps' statuses (many), whose start is also swept once. Room for every start the format
    /// can spell (``cacheLimit``): a full cache would be emptied and refilled, and each start
    /// made outlives its input, which sends libFuzzer to LeakSanitizer for a scan of the heap.
    private struct Start: Hashable {
        var sortOrder: SortOrder
        /// One of ``Vocabulary/casts``, whose storage every program shares.
        var people: [Int]
        /// Identity, history limit and accounts: a device's tokens and expiry depend on them.
        var device: DeviceSetup
        /// The statuses, a byte per app: a key that allocates nothing, as the idle runner
        /// kept under it must not hold on to anything its program allocated.
        var statuses: UInt32?
        /// The first level, before the people: the containers and the crowd.
        var crowdOnly: Bool

        init(sortOrder: SortOrder, people: [Int], device: DeviceSetup, statuses: [Program.Setup]? = nil, crowdOnly: Bool = false) {
            self.sortOrder = sortOrder
            self.people = people
            self.device = device
            self.crowdOnly = crowdOnly
            self.statuses = statuses?.enumerated().reduce(into: 0) { packed, app in
                let byte: UInt32 = switch app.element {
                case .notDetermined: 0
                case .denied: 1
                case .authorized: 2
                case .limited(let n): 3 + UInt32(n) << 2
                }
                packed |= byte << (8 * app.offset)
            }
        }

        /// The start `program` runs from.
        init(of program: Program) {
            self.init(sortOrder: program.sortOrder, people: program.people, device: program.device, statuses: program.initialStatus)
        }
    }

    private typealias Made = (device: ContactDevice, model: Model, contacts: [String], groups: [String],
                              tokens: [(token: HistoryToken, commits: Int)])

    /// How many starts (and idle runners) are kept: every start the format can spell, 4 orders
    /// × 16 casts × 256 status bytes × 32 devices (version 4's device byte).
    private static let cacheLimit = 1 << 20

    /// Every run's device: the same identifiers and history tokens from run to run.
    private static let seed: UInt64 = 1

    /// The history limit of a device whose program sets none: more commits than any program makes.
    private static let historyLimit = 100_000

    private static let starts = Locked<[Start: Made]>([:])

    /// A runner per start (in memory) that passed its last program and was put back exactly
    /// as its start made it: the next program from that start takes it instead of a new
    /// device, four stores and their observers, which cost as much as a short program. Taken
    /// out while in use, so programs run side by side (parallel tests) never share one.
    private static let idle = Locked<[Start: Runner]>([:])

    private init(startingFrom program: Program, at start: Start, on backEnd: BackEnd) throws(Failure) {
        let setup = program.device
        if let create = backEnd.create, program.operations.count % 2 == 1 {
            // The start made anew through the back end's incremental writer, each step checked;
            // the final sweep reads it with the rest.
            let device: ContactDevice
            do {
                device = try create(Self.seed, setup.identity, program.sortOrder, setup.historyLimit ?? Self.historyLimit)
            } catch {
                throw Failure(rule: "SPEC 13 persistent store", step: 0, detail: "the \(backEnd.name) back end could not make a device: \(error)")
            }
            var model = Model(sortOrder: program.sortOrder)
            model.device = setup
            self.init(device: device, model: model, backEnd: backEnd)
            try checkSettings()
            try addContainers(accounts: setup.hasAccounts)
            try addCrowd(setup.crowd)
            try addPeople(program.people, groups: setup.hasGroups)
            try setStatuses(program.initialStatus)
            return
        }
        let withPeople = Start(sortOrder: program.sortOrder, people: program.people, device: setup)
        let reusable = backEnd.reopen == nil
        if reusable, let runner = Self.idle.withLock({ $0.removeValue(forKey: start) }) {
            self = runner
        } else if let made = Self.starts.withLock({ $0[start] }) {
            try self.init(copying: made, on: backEnd)
        } else {
            if let made = Self.starts.withLock({ $0[withPeople] }) {
                try self.init(copying: made, on: backEnd)
            } else {
                var crowdSetup = setup
                crowdSetup.hasGroups = false
                let withCrowd = Start(sortOrder: program.sortOrder, people: [], device: crowdSetup, crowdOnly: true)
                if let made = Self.starts.withLock({ $0[withCrowd] }) {
                    try self.init(copying: made, on: backEnd)
                } else {
                    let fresh = ContactDevice(seed: Self.seed, identity: setup.identity, defaultSortOrder: program.sortOrder,
                                              historyLimit: setup.historyLimit ?? Self.historyLimit)
                    var model = Model(sortOrder: program.sortOrder)
                    model.device = setup
                    self.init(device: try Self.adopt(fresh, backEnd), model: model, backEnd: backEnd)
                    try checkSettings()
                    try addContainers(accounts: setup.hasAccounts)
                    try addCrowd(setup.crowd)
                    keep(as: withCrowd)
                }
                model.device = setup
                try addPeople(program.people, groups: setup.hasGroups)
                keep(as: withPeople)
            }
            try setStatuses(program.initialStatus)
            try sweep(checkingInvariants: true)
            keep(as: start)
        }
        if reusable { self.start = start }
    }

    /// Back to ``idle``, holding what its start holds again: the program's contacts, model and
    /// notifications are let go within this input, so nothing it made outlives it (libFuzzer
    /// would send every input that leaves memory behind to LeakSanitizer).
    private mutating func putAway() {
        guard let start, let made = Self.starts.withLock({ $0[start] }) else { return }
        device.reset(to: made.device)
        model = made.model
        contacts = made.contacts
        groups = made.groups
        tokens = made.tokens
        step = 0
        inbox.withLock { inbox in
            for app in inbox.indices { inbox[app] = [] }
        }
        promptsShown.withLock { $0 = 0 }
        let runner = self
        Self.idle.withLock { idle in
            if idle.count >= Self.cacheLimit { idle.removeAll() }
            idle[start] = runner
        }
    }

    private init(copying made: Made, on backEnd: BackEnd) throws(Failure) {
        self.init(device: try Self.adopt(made.device.copy(), backEnd), model: made.model, backEnd: backEnd)
        contacts = made.contacts
        groups = made.groups
        tokens = made.tokens
    }

    private func keep(as start: Start) {
        let made = (device.copy(), model, contacts, groups, tokens)
        Self.starts.withLock { starts in
            if starts.count >= Self.cacheLimit { starts.removeAll() }
            starts[start] = made
        }
    }

    private init(device: ContactDevice, model: Model, backEnd: BackEnd) {
        self.device = device
        self.model = model
        self.backEnd = backEnd
        stores = []
        openStores()
    }

    /// A store per app, each observed into the app's inbox.
    private mutating func openStores() {
        stores = Cast.apps.map(device.store(for:))
        for (index, store) in stores.enumerated() {
            store.observeChangesSynchronously { [inbox] change in inbox.withLock { $0[index].append(change) } }
        }
    }

    private static func adopt(_ device: ContactDevice, _ backEnd: BackEnd) throws(Failure) -> ContactDevice {
        do {
            return try backEnd.adopt(device)
        } catch {
            throw Failure(rule: "SPEC 13 persistent store", step: 0, detail: "the \(backEnd.name) back end could not take the device: \(error)")
        }
    }

    /// SPEC 13: closes a persistent device and opens its storage again. The reopened device
    /// must hold exactly what the live one did; the program goes on with it, new stores and
    /// the same prompt responder (the person did not change).
    mutating func reopen() throws(Failure) {
        guard let reopen = backEnd.reopen else { return }
        let before = device.image
        do {
            device = try reopen(device)
        } catch {
            throw fail("SPEC 13 persistent store", "reopening the \(backEnd.name) device failed: \(error)")
        }
        let after = device.image
        if after != before { throw fail("SPEC 13 persistent store", "reopened, the device differs: \(before.difference(from: after))") }
        try checkSettings()
        device.setPromptResponder(model.answer.map(responder))
        openStores()
    }

    func fail(_ rule: String, _ detail: String) -> Failure { Failure(rule: rule, step: step, detail: detail) }

    func expect<T: Equatable>(_ actual: T, _ expected: T, _ rule: String, _ what: @autoclosure () -> String) throws(Failure) {
        guard actual == expected else { throw fail(rule, "\(what()): got \(actual), expected \(expected)") }
    }

    // MARK: Set-up

    /// SPEC 2: one default local container; with accounts, the person signs in to two more
    /// (which commits nothing: no app's view changes).
    mutating func addContainers(accounts: Bool) throws(Failure) {
        guard let local = device.containers.first, local.kind == .local, device.containers.count == 1 else {
            throw fail("SPEC 2 containers", "a new device has \(device.containers), not one local container")
        }
        model.containers = [local.identifier]
        for (name, kind) in accounts ? DeviceSetup.accounts : [] {
            do {
                let added = try device.addContainer(name: name, kind: kind)
                try expect(added.name, name, "SPEC 2 containers", "the name of an added container")
                try expect(added.kind, kind, "SPEC 2 containers", "the kind of an added container")
                model.containers.append(added.identifier)
            } catch let failure as Failure {
                throw failure
            } catch {
                throw fail("SPEC 13 persistent store", "addContainer failed: \(error)")
            }
        }
        try expect(device.containers.map(\.identifier), model.containers, "SPEC 2 containers", "the device's containers")
    }

    /// The set-up app, which adds the crowd and the people with full access.
    private static var setupApp: Int { Cast.apps.count - 1 }

    /// The person gives the set-up app full access, and it adds the crowd: a start of its own,
    /// which every cast and every set of groups then copies.
    mutating func addCrowd(_ crowd: Int) throws(Failure) {
        try settings(.allowFull, app: Self.setupApp)
        if crowd > 0 { try save(app: Self.setupApp, author: nil, steps: (0..<crowd).map { .add(Self.crowdDraft($0)) }) }
    }

    /// After ``addCrowd(_:)``, the set-up app adds the people (and the person's groups, one in
    /// each container), then takes the device's history token: every program can ask for what
    /// changed since it started (SPEC 11: tokens belong to the device).
    mutating func addPeople(_ people: [Int], groups: Bool = false) throws(Failure) {
        let setup = Self.setupApp
        if !people.isEmpty { try save(app: setup, author: nil, steps: people.map { .add(Self.personDraft($0)) }) }
        if groups {
            try save(app: setup, author: nil, steps: Vocabulary.groupNames.indices.filter { Vocabulary.groupNames[$0] != " " }.map {
                .addGroupTo(.known($0), name: Vocabulary.groupNames[$0])
            })
        }
        do {
            tokens.append((try stores[setup].currentHistoryToken, model.commits.count))
        } catch {
            throw fail("SPEC 11 history", "the setup app could not read the current token: \(error)")
        }
    }

    /// Each app gets its starting status in Settings.
    mutating func setStatuses(_ statuses: [Program.Setup]) throws(Failure) {
        for (app, status) in statuses.enumerated() {
            switch status {
            case .notDetermined: continue
            case .denied: try settings(.deny, app: app)
            case .authorized: try settings(.allowFull, app: app)
            case .limited(let n): try settings(.allowLimited(Set(contacts.prefix(n))), app: app)
            }
        }
        try checkAccess()
    }

    /// The crowd's contact at `position`. One in 64 is a person from the tables, mixed by a hash
    /// of the position, with a number and an address; the rest have no name, number or address,
    /// so that a query matches few contacts of a large store, as a name does in a real one (a
    /// lookup's path for few slots among many). Every crowd of more than 128 holds 김민수 and
    /// 王小明 (``sharedPrefixPeople``).
    static func crowdDraft(_ position: Int) -> Draft {
        var mixed = UInt64(position) &* 0x9E37_79B9_7F4A_7C15
        func next(_ count: Int) -> Int {
            mixed = (mixed ^ mixed >> 29) &* 0xBF58_476D_1CE4_E5B9
            return Int((mixed >> 33) % UInt64(count))
        }
        guard position % 64 == 0 else { return Draft(person: 0, note: Vocabulary.notes[position % 2]) }
        let drawn = next(Vocabulary.people.count)
        return Draft(person: sharedPrefixPeople[position] ?? drawn, organization: next(Vocabulary.organizations.count),
                     phone: next(Vocabulary.phones.count + 1) == 0 ? nil : next(Vocabulary.phones.count),
                     email: next(Vocabulary.emails.count + 1) == 0 ? nil : next(Vocabulary.emails.count),
                     note: Vocabulary.notes[next(Vocabulary.notes.count)])
    }

    /// The crowd's people at 64 and 128: two whose forms share a prefix (김 and 김민수, xiao and
    /// xiaoming), so that a short query's lookup in a large index finds one contact in two of
    /// its postings lists, and must list it once (SPEC 7).
    static let sharedPrefixPeople = [64: 9, 128: 6]

    /// The person's own contacts carry a number, an address and, every other one, a note
    /// (which no app without the notes entitlement may overwrite), and their organization.
    static func personDraft(_ person: Int) -> Draft {
        Draft(person: person, organization: Vocabulary.people[person].organization,
              phone: person % Vocabulary.phones.count, email: person % Vocabulary.emails.count,
              note: Vocabulary.notes[person % 2])
    }

    /// SPEC 5, 11 and 13: the device has the default sort order and history limit it was made
    /// with, whichever back end made it and however often it was reopened; a sort order that
    /// only a fetch of two people in another order would show is compared here directly.
    func checkSettings() throws(Failure) {
        try expect(device.defaultSortOrder, model.sortOrder, "SPEC 13 persistent store", "the device's default sort order")
        try expect(device.historyLimit, model.device.historyLimit ?? Self.historyLimit, "SPEC 13 persistent store",
                   "the device's history limit")
    }

    // MARK: After every operation

    /// Statuses, permitted sets and prompts as the model has them (SPEC 3, 4).
    func checkAccess() throws(Failure) {
        for app in Cast.apps.indices {
            let bundle = Cast.apps[app].bundleIdentifier
            try expect(device.authorizationStatus(for: bundle), model.apps[app].status, "SPEC 3 authorization", "status of app \(app)")
            try expect(device.permittedIdentifiers(for: bundle), model.apps[app].permitted, "SPEC 4 permitted set", "P of app \(app)")
        }
        try expect(promptsShown.withLock { $0 }, model.promptsShown, "SPEC 3 prompts", "prompts shown so far")
    }

    /// A notification as the check compares it: its author, and whether the app's own store
    /// made the commit.
    struct Heard: Hashable, Sendable, CustomStringConvertible {
        var author: String?
        var fromThisStore: Bool
        var description: String { "\(author ?? "nil")\(fromThisStore ? " (this store)" : "")" }

        init(_ change: ContactStoreChange) {
            (author, fromThisStore) = (change.transactionAuthor, change.isFromCurrentStore)
        }

        /// What `app` should hear of `commit`.
        init(_ commit: Model.Commit, to app: Int) {
            (author, fromThisStore) = (commit.author, commit.origin == app)
        }
    }

    /// SPEC 10: each app heard of exactly the commits since `first` that it could see.
    func checkNotifications(since first: Int, heard before: [Int]) throws(Failure) {
        let received = inbox.withLock { $0 }
        for app in Cast.apps.indices {
            // Compared as they come; spelled out as arrays only to report a difference.
            var heard = received[app][before[app]...].makeIterator()
            var same = true
            for commit in model.commits[first...] where commit.notified.contains(app) {
                guard let change = heard.next(), Heard(change) == Heard(commit, to: app) else { same = false; break }
            }
            if !same || heard.next() != nil {
                try expect(received[app][before[app]...].map(Heard.init),
                           model.commits[first...].filter { $0.notified.contains(app) }.map { Heard($0, to: app) },
                           "SPEC 10 notifications", "the notifications app \(app) received (author, whether from its own store)")
            }
        }
    }

    // MARK: The final sweep

    /// The device's own ``ContactCore/ContactDevice/checkInvariants()``.
    func checkInvariants() throws(Failure) {
        let problems = device.checkInvariants()
        if !problems.isEmpty { throw fail("device invariants", problems.joined(separator: "; ")) }
    }

    /// Everything each app can read equals its view in the model (SPEC 4). Values are the
    /// device's, the same for every app: the first app that may read them all reads them,
    /// the others list identifiers.
    mutating func sweep(checkingInvariants: Bool) throws(Failure) {
        try expect(device.allContactIdentifiers, model.contacts.map(\.id), "SPEC 2 contacts", "the device's contacts")
        // The device's own consistency (search index against a bulk build, history replay) costs
        // a rebuild: programs that ask for it (byte 1, bits 6 and 7) run it.
        if checkingInvariants { try checkInvariants() }
        let reader = (0..<Cast.actors).first { model.apps[$0].status.grantsAccess }
        for app in 0..<Cast.actors where model.apps[app].status != .notDetermined {
            let keys = app != reader ? Keys(bits: 0) : Cast.apps[app].hasNotesEntitlement ? Keys.everything : Keys.everythingButNote
            try fetch(app: app, .all, keys: keys, sort: .none)
            guard model.apps[app].status.grantsAccess else { continue }
            let listed: [ContactGroup]
            do {
                listed = try stores[app].groups()
            } catch {
                throw fail("SPEC 4 groups", "app \(app) could not list groups: \(error)")
            }
            try expect(Set(listed.map(\.identifier)), Set(model.groups.map(\.id)), "SPEC 4 groups", "groups app \(app) lists")
            // SPEC 2: each group's name, the last one a save gave it.
            try expect(listed.map { [$0.identifier, $0.name] }.sorted { $0.lexicographicallyPrecedes($1) },
                       model.groups.map { [$0.id, $0.name] }.sorted { $0.lexicographicallyPrecedes($1) }, "SPEC 2 groups",
                       "the names of the groups app \(app) lists")
            for group in model.groups.map(\.id) {
                let members: [String]
                do {
                    members = try stores[app].contactIdentifiers(matching: .inGroup(identifier: group))
                } catch {
                    throw fail("SPEC 4 membership", "app \(app) could not list members: \(error)")
                }
                let expected = model.members.filter { $0.group == group && model.isVisible($0.contact, to: app) }.map(\.contact)
                try expect(Set(members), Set(expected), "SPEC 4 membership lists only visible contacts", "members of \(group) for app \(app)")
            }
        }
        if let reader { try sweepStructure(app: reader) }
    }

    /// SPEC 2's structure as one app with access reads it: each group's subgroups, the
    /// containers, and (with accounts) each container's contacts.
    func sweepStructure(app: Int) throws(Failure) {
        do {
            for group in model.groups.map(\.id) {
                let nested = try stores[app].groups(matching: .subgroups(ofGroup: group)).map(\.identifier)
                try expect(Set(nested), Set(model.subgroups.filter { $0.parent == group }.map(\.group)), "SPEC 2 subgroups",
                           "subgroups of \(group)")
            }
            try expect(try stores[app].containers().map(\.identifier), model.containers, "SPEC 2 containers", "containers app \(app) lists")
            // Each group's container, and the containers asked for by identifier (the last one
            // twice, and a group's identifier that names none), in the device's order.
            for group in model.groups {
                try expect(try stores[app].containers(matching: .ofGroup(identifier: group.id)).map(\.identifier), [group.container],
                           "SPEC 2 containers", "the container of group \(group.id)")
            }
            let asked = model.containers.reversed() + model.containers.suffix(1) + model.groups.prefix(1).map(\.id)
            try expect(try stores[app].containers(matching: .identifiers(Array(asked))).map(\.identifier), model.containers,
                       "SPEC 2 containers", "containers app \(app) asked for by identifier")
            guard model.containers.count > 1 else { return }
            for container in model.containers {
                let held = try stores[app].contactIdentifiers(matching: .inContainer(identifier: container))
                try expect(Set(held), Set(model.visibleContacts(to: app).filter { $0.container == container }.map(\.id)),
                           "SPEC 2 containers", "contacts of container \(container) for app \(app)")
                let groups = try stores[app].groups(matching: .inContainer(identifier: container)).map(\.identifier)
                try expect(groups, model.groups.filter { $0.container == container }.map(\.id), "SPEC 2 containers",
                           "groups of container \(container)")
            }
            // The container of each contact the app sees, and none for one it does not (SPEC 4).
            for contact in model.contacts {
                let found = try stores[app].containers(matching: .ofContact(identifier: contact.id)).map(\.identifier)
                try expect(found, model.sees(contact, app) ? [contact.container] : [], "SPEC 2 containers", "the container of \(contact.id)")
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw fail("SPEC 4 groups", "app \(app) could not read groups or containers: \(error)")
        }
    }
}

extension Runner {
    /// A runner at `program`'s start with none of its operations run, for a driver that
    /// performs them itself and acts between them (ContactCoreTestKit's app turns). It is
    /// never put back among the idle runners.
    package init(startOf program: Program) throws(Failure) {
        try self.init(startingFrom: program, at: Start(of: program), on: .memory)
    }
}
