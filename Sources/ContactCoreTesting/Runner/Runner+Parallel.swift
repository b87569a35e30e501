@_spi(Hooks) import ContactCore
import Foundation

/// The parallel part of a program: its branches run on threads released together, each
/// call's result is recorded, and ``Linearization`` looks for an order the model agrees with.
extension Runner {
    mutating func perform(_ parallel: Parallel) throws(Failure) {
        pool = parallel.pool
        let calls = parallel.branches.map { $0.flatMap(calls(for:)) }
        // One person answers every prompt of the branches, naming contacts from their pool.
        if let answer = parallel.answer {
            let resolved = answer.map { resolve($0) }
            device.setPromptResponder(resolved.map(responder))
            model.answer = resolved
        }
        pool = nil
        // At a picker the person chooses what the call that presents it says.
        device.setPickerResponder { _ in PersonAtPicker.choice }
        let firstCommit = model.commits.count
        let heard = inbox.withLock { $0.map { $0.count } }
        let fork = try? stores[Cast.apps.count - 1].currentHistoryToken
        let seen = Self.together(calls, device: device, stores: stores)
        let final = Linearization.Final(
            statuses: Cast.apps.map { device.authorizationStatus(for: $0.bundleIdentifier) },
            permitted: Cast.apps.map { device.permittedIdentifiers(for: $0.bundleIdentifier) },
            prompts: promptsShown.withLock { $0 },
            contacts: ((try? device.personContacts(for: ContactFetchRequest(keysToFetch: Keys.everything.keys))) ?? [])
                .map { Row($0, keys: .everything) },
            organisation: organisation(),
            heard: inbox.withLock { inbox in inbox.indices.map { inbox[$0][heard[$0]...].map(Heard.init) } },
            history: history(since: fork),
            token: try? stores[Cast.apps.count - 1].currentHistoryToken)
        var search = Linearization(calls: calls, seen: seen, final: final, firstCommit: firstCommit)
        guard let order = search.order(from: model) else {
            let shown = zip(calls, seen).enumerated().map { index, branch in
                "branch \(index): " + zip(branch.0, branch.1).map { "\($0) → \($1)" }.joined(separator: "; ")
            }
            throw fail("SPEC 1b linearizability", "no order of the branches gives what they saw (\(search.visited) states "
                       + "searched); \(shown.joined(separator: " | ")); at the end \(final)")
        }
        model = order.model
        for (branch, index, commits) in order.calls {
            switch (calls[branch][index], seen[branch][index]) {
            case (.save, .save(_, let added, let groups)):
                contacts += added.sorted { $0.key < $1.key }.map(\.value)
                self.groups += groups.sorted { $0.key < $1.key }.map(\.value)
            case (.history, .history(.success(let history))) where history.token != .limitedAccess:
                // As a one-at-a-time fetch keeps it: the later operations may present it.
                tokens.append((history.token, commits))
            default:
                continue
            }
        }
        try checkAccess()
        try checkNotifications(since: firstCommit, heard: heard)
    }

    /// What changed since the fork as the setup app (which sees everything) reads it, with each
    /// author of ``Cast/authors`` left out in turn: the order of the branches' commits, which
    /// the device's end state does not show but a later history fetch does. `nil` where the
    /// device answers a full sync (the token expired).
    private func history(since fork: HistoryToken?) -> [[Model.Event]?] {
        Cast.authors.map { author in
            let request = ChangeHistoryFetchRequest(startingToken: fork, includeGroupChanges: true,
                                                    excludedTransactionAuthors: author.map { [$0] } ?? [])
            guard let history = try? stores[Cast.apps.count - 1].changeHistory(for: request), history.fullSyncReason == nil else { return nil }
            return history.events.map(Self.event)
        }
    }

    /// The person's groups as the setup app (which sees everything) reads them: each group's
    /// name, its members and its subgroups.
    private func organisation() -> Linearization.Organisation {
        let reader = stores[Cast.apps.count - 1]
        let groups = device.personGroups
        var organisation = Linearization.Organisation(groups: groups.map { [$0.identifier, $0.name] })
        for group in groups.map(\.identifier) {
            let members = (try? reader.contactIdentifiers(matching: .inGroup(identifier: group))) ?? []
            organisation.members.formUnion(members.map { Model.Pair(contact: $0, group: group) })
            let nested = (try? reader.groups(matching: .subgroups(ofGroup: group))) ?? []
            organisation.subgroups.formUnion(nested.map { Model.Nesting(group: $0.identifier, parent: group) })
        }
        return organisation
    }

    /// `op` resolved against the identifiers the run has at the fork: one call, or two for an
    /// edit (the fetch, then the save of what it fetched).
    func calls(for op: Op) -> [Call] {
        switch op {
        case .request(let app, _): return [.request(app: app)]
        case .settings(let app, let setting):
            let change: SettingsChange = switch setting {
            case .full: .allowFull
            case .deny: .deny
            case .limited(let refs): .allowLimited(Set(refs.map(resolve)))
            case .edit(let adding, let removing): .editPermittedSet(adding: Set(adding.map(resolve)), removing: Set(removing.map(resolve)))
            }
            return [.settings(app: app, change)]
        case .restrict(let app, let restricted): return [.restrict(app: app, restricted)]
        case .save(let app, let author, let steps):
            return [.save(app: app, author: Cast.authors[author], saveRequest(author: Cast.authors[author], steps: steps))]
        case .fetch(let app, let query, let keys, let sort):
            let (predicate, ids, scope) = deviceQuery(query)
            return [.fetch(app: app, query, predicate: predicate, ids: ids, scope: scope, keys: keys, sort: sort)]
        case .fetchOne(let app, let ref, let keys): return [.fetchOne(app: app, id: resolve(ref), keys: keys)]
        case .button(let app, let tap): return [.button(app: app, tap)]
        case .editFetched(let app, let ref, let keys, let person):
            let id = resolve(ref)
            return [.fetchOne(app: app, id: id, keys: keys), .saveFetched(app: app, id: id, keys: keys, givenPerson: person)]
        case .history(let app, let pick, let excluded, let includeGroups):
            let (token, position) = token(pick)
            return [.history(app: app, token: token, position: position, excluding: excluded.map { Cast.authors[$0] } ?? nil,
                             includeGroups: includeGroups)]
        case .accessPicker(let app, let adding, let removing):
            return [.accessPicker(app: app, AccessPickerSelection(adding: adding.map(resolve), removing: removing.map(resolve)))]
        case .contactPicker(let app, let chosen, let keys):
            return [.contactPicker(app: app, chosen: chosen.map(resolve), keys: keys)]
        }
    }

    /// Runs each branch on a thread of its own; the threads start together (a start gate) so
    /// that their calls overlap. Before each call a thread yields its processor 0–3 times and
    /// spins a little, chosen anew every run, so that runs of one program meet in different
    /// places; while they run, ``LockNoise`` pauses a thread after it lets a lock go, so that a
    /// window between two lock sections is wide enough for another thread's call.
    /// What each call returned, by branch.
    static func together(_ calls: [[Call]], device: ContactDevice, stores: [ContactStore]) -> [[Seen]] {
        let seen = Locked([[Seen]](repeating: [], count: calls.count))
        let waiting = Locked(calls.count)
        let finished = DispatchGroup()
        LockNoise.during {
            for (index, branch) in calls.enumerated() {
                finished.enter()
                let seed = nextJitterSeed()
                let thread = Thread {
                    var jitter = seed
                    // What the branch's last fetch of one contact returned: an edit saves it.
                    var fetched: Contact?
                    waiting.withLock { $0 -= 1 }
                    while waiting.withLock({ $0 }) > 0 { sched_yield() }
                    let results = branch.map { call in
                        jitter = jitter &* 6364136223846793005 &+ 1442695040888963407
                        for _ in 0..<(jitter >> 62) { sched_yield() }
                        // And a spin of up to a few microseconds: a yield moves a call by a time
                        // slice or not at all, a spin by less than one call takes.
                        var spun = jitter >> 40 & 0x3FF
                        while spun > 0 { spun = spun &- 1 }
                        return perform(call, device: device, stores: stores, fetched: &fetched)
                    }
                    seen.withLock { $0[index] = results }
                    finished.leave()
                }
                thread.start()
            }
            finished.wait()
        }
        return seen.withLock { $0 }
    }

    /// A seed per thread and run: runs differ, and the same process repeats its sequence.
    private static let jitterSeeds = Locked<UInt64>(0x9E37_79B9_7F4A_7C15)

    private static func nextJitterSeed() -> UInt64 {
        jitterSeeds.withLock { seed in
            seed = seed &* 2862933555777941757 &+ 3037000493
            return seed
        }
    }

    /// One call on the device. `fetched`: what the branch's last fetch of one contact returned,
    /// which the save of an edit writes back.
    static func perform(_ call: Call, device: ContactDevice, stores: [ContactStore], fetched: inout Contact?) -> Seen {
        switch call {
        case .request(let app):
            do { return .access(.success(try stores[app].requestAccess())) } catch { return .access(.failure(error.code)) }
        case .settings(let app, let change):
            do { try device.applySettings(change, to: Cast.apps[app].bundleIdentifier) } catch { return .settings(error.code) }
            return .settings(nil)
        case .restrict(let app, let restricted):
            try? device.setRestricted(restricted, for: Cast.apps[app].bundleIdentifier)
            return .done
        case .save(let app, _, let save):
            return saved(save.request, by: stores[app], contacts: save.contacts, groups: save.groups)
        case .saveFetched(let app, _, _, let person):
            guard let contact = fetched else { return .skipped }
            var copy = contact.mutableCopy()
            copy.givenName = Vocabulary.people[person].given
            var request = SaveRequest()
            request.update(copy)
            return saved(request, by: stores[app], contacts: [], groups: [])
        case .fetch(let app, _, let predicate, _, _, let keys, let sort):
            do {
                let found = try stores[app].contacts(for: ContactFetchRequest(predicate: predicate, keysToFetch: keys.keys, sortOrder: sort))
                return .rows(.success(found.map { Row($0, keys: keys) }))
            } catch {
                return .rows(.failure(error.code))
            }
        case .fetchOne(let app, let id, let keys):
            do {
                let contact = try stores[app].unifiedContact(withIdentifier: id, keysToFetch: keys.keys)
                fetched = contact
                return .rows(.success([Row(contact, keys: keys)]))
            } catch {
                fetched = nil
                return .rows(.failure(error.code))
            }
        case .history(let app, let token, _, let excluded, let includeGroups):
            let keys = historyKeys(app)
            let request = ChangeHistoryFetchRequest(startingToken: token, includeGroupChanges: includeGroups,
                                                    excludedTransactionAuthors: excluded.map { [$0] } ?? [],
                                                    additionalContactKeys: keys.keys)
            do {
                let history = try stores[app].changeHistory(for: request)
                let rows = history.events.compactMap { event -> Row? in
                    switch event {
                    case .addContact(let contact, _), .updateContact(let contact): Row(contact, keys: keys)
                    default: nil
                    }
                }
                return .history(.success(HistorySeen(events: history.events.map(event), rows: rows, token: history.currentToken,
                                                     reason: history.fullSyncReason)))
            } catch {
                return .history(.failure(error.code))
            }
        case .accessPicker(let app, let selection):
            return PersonAtPicker.$choice.withValue(selection) {
                do throws(ContactError) {
                    return .picked(.success(try stores[app].presentContactAccessPicker()))
                } catch {
                    return .picked(.failure(error.code))
                }
            }
        case .contactPicker(let app, let chosen, let keys):
            return PersonAtPicker.$choice.withValue(AccessPickerSelection(adding: chosen)) {
                do throws(ContactError) {
                    return .rows(.success(try stores[app].presentContactPicker(keys: keys.keys).map { Row($0, keys: keys) }))
                } catch {
                    return .rows(.failure(error.code))
                }
            }
        case .button(let app, let tap):
            let (button, placement) = Self.accessButton(tap)
            let view = device.contactAccessButtonView(button, in: stores[app], placement: placement)
            let rows: [String]? = switch view.content {
            case .hidden: nil
            case .noMatch: []
            case .single(let row): [row.identifier]
            case .list(let rows): rows.map(\.identifier)
            }
            let outcome = device.tapContactAccessButton(
                button, in: stores[app], placement: placement, event: tap.validated ? .validatedTouch : .synthesized,
                choosing: { rows in tap.picks.map { rows[$0 % rows.count].identifier } })
            let result: Model.TapResult = switch outcome {
            case .approved(let ids): .approved(ids)
            case .declined: .declined
            case .refused(.notShown): .notShown
            case .refused(.unvalidatedEvent): .unvalidated
            case .refused(.illegible): .illegible
            case .refused(.promptFailed), .refused(.storageFailed): .promptFailed
            }
            return .button(view: rows, tap: result)
        }
    }

    /// A save's outcome, and the identifiers the store gave the request's adds (by reference number).
    private static func saved(_ request: SaveRequest, by store: ContactStore,
                              contacts: [(reference: SaveRequest.ContactReference, number: Int)],
                              groups: [(reference: SaveRequest.GroupReference, number: Int)]) -> Seen {
        do {
            let result = try store.execute(request)
            var added: [Int: String] = [:], addedGroups: [Int: String] = [:]
            for (reference, number) in contacts { added[number] = result.identifier(for: reference) }
            for (reference, number) in groups { addedGroups[number] = result.identifier(for: reference) }
            return .save(.saved, contacts: added, groups: addedGroups)
        } catch {
            return .save(.failed(error.code, identifiers: error.affectedIdentifiers, underlying: error.underlyingErrors.count),
                         contacts: [:], groups: [:])
        }
    }
}

/// The person at the pickers of a parallel program's branches: each call presents its picker
/// with the choice it carries, bound to the calling thread (the device has one responder).
enum PersonAtPicker {
    @TaskLocal static var choice = AccessPickerSelection()
}
