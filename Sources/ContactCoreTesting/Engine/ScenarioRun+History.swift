import ContactCore

/// History fetches (SPEC 11), checked against what the app may see rather than against a
/// model of the log: the events, replayed onto what the app held at its token, must give
/// exactly its view now; they name no contact it cannot see; a limited app always gets a
/// full sync with the limited-access token.
extension ScenarioRun {
    mutating func performHistory(app: Int, _ script: HistoryFetchScript) -> Violation? {
        let appCode = appName(app)
        let latest = historyTokens[app]
        let token: HistoryToken?
        let tokenCode: String
        switch script.token {
        case .none: (token, tokenCode) = (nil, "nil")
        case .limitedAccess: (token, tokenCode) = (.limitedAccess, ".limitedAccess")
        case .bytes(let bytes): (token, tokenCode) = (HistoryToken(bytes: bytes), code("HistoryToken(bytes: \(bytes))"))
        case .latest: (token, tokenCode) = (latest?.token, latest?.code ?? "nil")
        case .recorded(let index):
            if recordedTokens.isEmpty {
                (token, tokenCode) = (nil, "nil")
            } else {
                let position = index % recordedTokens.count
                token = recordedTokens[position].token
                tokenCode = code(printedToken(position))
            }
        }
        let request = ChangeHistoryFetchRequest(
            startingToken: token, includeGroupChanges: script.includeGroupChanges,
            excludedTransactionAuthors: script.excludedTransactionAuthors, additionalContactKeys: HistoryView.keys)
        let name = fresh("history")
        let call = {
            "try \(appCode).changeHistory(for: ChangeHistoryFetchRequest(startingToken: \(tokenCode), "
                + "includeGroupChanges: \(script.includeGroupChanges), excludedTransactionAuthors: "
                + "\(script.excludedTransactionAuthors), additionalContactKeys: \(ProgramPrinter.keys(HistoryView.keys))))"
        }

        let outcome: Result<ChangeHistory, ContactError>
        do { outcome = .success(try stores[app].changeHistory(for: request)) } catch { outcome = .failure(error) }
        // The same gate as every read: a prompt from notDetermined, no access, no history.
        let gate = model.gate(app)
        let history: ChangeHistory
        switch (outcome, gate) {
        case (.failure(let error), _):
            let actual = Observed(error)
            return settle(actual, gate.map(Observation.failed) ?? .done, app: app, call: call())
        case (.success, let error?):
            return settle(Observed(.done), .failed(error), app: app, call: call())
        case (.success(let fetched), nil):
            history = fetched
        }

        let now = model.historyView(for: app)
        let fail = { (detail: String) in
            Violation(rule: "history (replaying the events onto the view at the token gives the view now)", detail: detail,
                      check: ["let \(name) = \(call())", "// \(detail)"])
        }
        // No event names a contact the app cannot see now, unless it reports the contact gone.
        for event in history.events {
            let contact: String? = switch event {
            case .addContact(let contact, _), .updateContact(let contact): contact.identifier
            case .addMember(let identifier, _), .removeMember(let identifier, _): identifier
            default: nil
            }
            if let contact, !model.sees(app, RecordID(contact)) {
                return Violation(rule: "privacy (history names only contacts the app can see)",
                                 detail: "\(appCode)'s history holds \(printer.code(RecordID(contact))), which it cannot see",
                                 check: ["let \(name) = \(call())"])
            }
        }
        let limited = model.apps[app].status == .limited
        if limited, history.fullSyncReason == nil || history.currentToken != .limitedAccess {
            return fail("a limited app must get a full sync and the limited-access token")
        }
        let isFullSync = history.fullSyncReason != nil
        if isFullSync != (history.events.first == .dropEverything) {
            return fail("a full sync starts with dropEverything, and only a full sync does")
        }
        // A token of this device from full access, presented with full access, is a delta.
        var validToken = false
        if case .latest = script.token, let latest, latest.token != .limitedAccess { validToken = true }
        if case .recorded = script.token, token != nil { validToken = true }
        if !limited, validToken, isFullSync {
            return fail("a valid token of this device gave a full sync (\(String(describing: history.fullSyncReason)))")
        }
        if !limited, token == nil || token == .limitedAccess, !isFullSync {
            return fail("no token, or the limited-access token with full access, must give a full sync")
        }
        // Replay. Excluded authors leave out changes the app made itself: no replay then.
        var replayed: HistoryView?
        if isFullSync {
            replayed = HistoryView()
        } else if case .latest = script.token, let latest {
            replayed = latest.view
        } else if case .recorded = script.token, let token, let recorded = recordedTokens.last(where: { $0.token == token }) {
            // What an app with full access held at that token.
            replayed = recorded.model.historyView(for: nil)
        }
        if var replayed, script.excludedTransactionAuthors.isEmpty || isFullSync {
            replayed.apply(history.events)
            let expected = script.includeGroupChanges ? now : now.contactsOnly
            let got = script.includeGroupChanges ? replayed : replayed.contactsOnly
            if got != expected {
                return fail("replayed, \(appCode) holds \(describe(got)); it may see \(describe(expected))")
            }
            if isFullSync {
                features.insert(.historyFullSyncReplayed)
            } else if !history.events.isEmpty {
                features.insert(.historyDeltaReplayed)
            }
        }
        // Leaving authors out only leaves events out: the rest is the unfiltered answer's.
        if !script.excludedTransactionAuthors.isEmpty, !isFullSync {
            var unfiltered = request
            unfiltered.excludedTransactionAuthors = []
            if let all = try? stores[app].changeHistory(for: unfiltered).events {
                var remaining = all[...]
                for event in history.events {
                    guard let index = remaining.firstIndex(of: event) else {
                        return fail("with authors left out, \(event) is not among the events without them (or out of order)")
                    }
                    remaining = remaining[remaining.index(after: index)...]
                }
            }
        }
        printer.add("let \(name) = \(call())")
        historyTokens[app] = (history.currentToken, now, code("\(name).currentToken"))
        return nil
    }

    /// Keeps the device's token now, if some app with full access can read it.
    mutating func recordToken() {
        guard recordedTokens.count < 16, let reader = model.apps.indices.first(where: { model.apps[$0].status == .authorized }),
              let token = try? stores[reader].currentHistoryToken
        else { return }
        recordedTokens.append(RecordedToken(token: token, model: model, position: printer.position, reader: reader))
    }

    /// The printed name of a recorded token, declared where it was taken when first used.
    private mutating func printedToken(_ index: Int) -> String {
        let recorded = recordedTokens[index]
        if let name = recorded.name { return name }
        let name = fresh("token")
        printer.insert("let \(name) = try \(appName(recorded.reader)).currentHistoryToken", at: recorded.position)
        recordedTokens[index].name = name
        return name
    }

    private func describe(_ view: HistoryView) -> String {
        let contacts = view.contacts.keys.sorted().map { key in view.contacts[key].map(printer.describe) ?? "" }
        var text = "contacts [" + contacts.joined(separator: ", ") + "]"
        if !view.groups.isEmpty { text += ", groups \(printer.code(view.groups.keys.sorted()))" }
        if !view.memberships.isEmpty {
            text += ", members [" + view.memberships.sorted { ($0.parent, $0.child) < ($1.parent, $1.child) }
                .map { "\(printer.code($0.child)) in \(printer.code($0.parent))" }.joined(separator: ", ") + "]"
        }
        if !view.nestings.isEmpty { text += ", \(view.nestings.count) nesting(s)" }
        return text
    }
}

/// A device token the runner took after a step, and the model at that moment.
struct RecordedToken: Sendable {
    let token: HistoryToken
    let model: ReferenceModel
    /// Where the program stood, to declare the token there if a later step uses it.
    let position: Int
    let reader: Int
    var name: String?
}
