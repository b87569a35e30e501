import ContactCore

/// Each operation: resolve its references, run it on the store and on the model, compare,
/// and print it.
extension ScenarioRun {
    mutating func perform(_ operation: Operation) -> Violation? {
        let appCode = operation.app.map { appName($0) } ?? ""
        switch operation {
        case .requestAccess(let app, let script):
            let answer = script.map { resolve($0) }
            device.setPromptResponder(answer.map { prompts.responder(answering: $0.value) })
            model.promptAnswer = answer?.value
            printer.add(answer.map { "device.setPromptResponder { _ in \($0.code) }" } ?? "device.setPromptResponder(nil)")
            let actual = Observed.of { .granted(try stores[app].requestAccess()) }
            let expected = model.requestAccess(app)
            if case .granted(true) = expected, model.apps[app].status == .limited { features.insert(.limitedByPrompt) }
            return settle(actual, expected, app: app, call: "try \(appCode).requestAccess()")

        case .changeSettings(let app, let script):
            let change = resolve(script)
            let bundle = scenario.apps[app].bundleIdentifier
            let actual = Observed.of {
                try device.applySettings(change.value, to: bundle)
                return .done
            }
            let expected = model.applySettings(app, change.value)
            if case .editPermittedSet = change.value, expected == .done { features.insert(.permittedSetEdited) }
            return settle(actual, expected, app: app, call: "try device.applySettings(\(change.code), to: \(ProgramPrinter.literal(bundle)))")

        case .setRestricted(let app, let restricted):
            device.setRestricted(restricted, for: scenario.apps[app].bundleIdentifier)
            let expected = model.setRestricted(app, restricted)
            let bundle = scenario.apps[app].bundleIdentifier
            return settle(Observed(.done), expected, app: app, call: "device.setRestricted(\(restricted), for: \(ProgramPrinter.literal(bundle)))")

        case .addContainer(let kind):
            let name = fresh("account")
            let container = device.addContainer(name: "Account", kind: kind)
            printer.add("let \(name) = device.addContainer(name: \"Account\", kind: .\(kind))")
            if let violation = checkFresh([container.identifier], kind: "container") { return violation }
            model.containers.append(RecordID(container.identifier))
            model.issued.insert(RecordID(container.identifier))
            containers.append(Named(value: container.identifier, code: printing ? "\(name).identifier" : ""))
            printer.name(container.identifier, as: "\(name).identifier")
            return nil

        case .save(let app, let author, let steps):
            return performSave(app: app, author: author, steps: steps)

        case .editFetched(let app, let reference, let keys, let edit):
            return performEdit(app: app, reference: reference, keys: keys, edit: edit)

        case .presentAccessPicker(let app, let adding, let removing):
            let added = adding.map { resolve($0) }
            let removed = removing.map { resolve($0) }
            if model.apps[app].status == .limited, added.contains(where: { model.apps[app].permitted.contains(RecordID($0.value)) }) {
                features.insert(.pickerRegranted)
            }
            let selection = AccessPickerSelection(adding: added.map(\.value), removing: removed.map(\.value))
            let actual = Observed(.identifiers(stores[app].presentContactAccessPicker(selection).map(RecordID.init)))
            let expected = model.presentAccessPicker(app, adding: selection.adding, removing: selection.removing)
            if case .identifiers(let granted) = expected, !granted.isEmpty { features.insert(.pickerGranted) }
            let call = {
                "\(appCode).presentContactAccessPicker(AccessPickerSelection(adding: "
                    + "[\(added.map(\.code).joined(separator: ", "))], removing: [\(removed.map(\.code).joined(separator: ", "))]))"
            }
            return settle(actual, expected, app: app, call: call(), mentioned: selection.adding + selection.removing,
                          rule: "permitted set (the picker reports exactly the newly granted contacts)")

        case .tapAccessButton(let app, let script):
            return performTap(app: app, script)

        case .presentContactPicker(let app, let chosen, let keys):
            let picked = chosen.map { resolve($0) }
            let actual = Observed.of {
                .contacts(try stores[app].presentContactPicker(keys: keys, choosing: picked.map(\.value)).map(ContactSnapshot.of))
            }
            let expected = model.presentContactPicker(app, chosen: picked.map(\.value), keys: keys)
            let call = {
                "try \(appCode).presentContactPicker(keys: \(ProgramPrinter.keys(keys)), "
                    + "choosing: [\(picked.map(\.code).joined(separator: ", "))])"
            }
            return settle(actual, expected, app: app, call: call(), mentioned: picked.map(\.value), allowsHidden: true)

        case .fetchContact(let app, let reference, let keys):
            let target = resolve(reference)
            noteHidden(target.value, app: app)
            let actual = Observed.of {
                .contact(ContactSnapshot.of(try stores[app].unifiedContact(withIdentifier: target.value, keysToFetch: keys)))
            }
            let expected = model.fetchContact(app, target.value, keys: keys)
            return checkMissingMessage(actual, api: "unifiedContact")
                ?? settle(actual, expected, app: app,
                          call: "try \(appCode).unifiedContact(withIdentifier: \(target.code), keysToFetch: \(ProgramPrinter.keys(keys)))",
                          mentioned: [target.value])

        case .fetchContacts(let app, let script):
            return performFetch(app: app, script)

        case .fetchGroups(let app, let query):
            let (predicate, code) = resolve(query)
            let actual = Observed.of { .groups(try stores[app].groups(matching: predicate).map(GroupSnapshot.init)) }
            let expected = model.fetchGroups(app, predicate)
            return settle(actual, expected, app: app, call: "try \(appCode).groups(matching: \(code))")

        case .fetchContainers(let app, let query):
            let (predicate, code, mentioned) = resolve(query)
            let actual = Observed.of {
                .containers(try stores[app].containers(matching: predicate).map { RecordID($0.identifier) })
            }
            let expected = model.fetchContainers(app, predicate)
            return settle(actual, expected, app: app, call: "try \(appCode).containers(matching: \(code))",
                          mentioned: mentioned)

        case .fetchHistory(let app, let script):
            return performHistory(app: app, script)
        }
    }

    // MARK: The access button

    private mutating func performTap(app: Int, _ script: AccessButtonScript) -> Violation? {
        let appCode = appName(app)
        let button = ContactAccessButton(queryString: script.query, ignoredEmails: Set(script.ignoredEmails))
        let frame = ContactAccessButton.Rect(x: 0, y: 0, width: 320, height: 64)
        let placement = ContactAccessButton.Placement(frame: frame, opacity: script.isLegible ? 1 : 0.5)
        // What the person sees: only contacts outside the app's P, each once.
        let rows = device.contactAccessButtonView(button, in: stores[app], placement: placement).rows.map { RecordID($0.identifier) }
        let offered = code(printer.code(rows))
        if let stray = rows.first(where: { model.contacts[$0] == nil || model.apps[app].permitted.contains($0) }) ?? (Set(rows).count < rows.count ? rows.first : nil) {
            return Violation(rule: "access button (offers each contact outside P once)",
                             detail: "the button of \(appCode) offers \(offered); \(printer.code(stray)) is in P, missing or repeated", check: [])
        }
        let picked = rows.isEmpty ? [] : script.picks.map { rows[$0 % rows.count] }
        let pickedCode = code(printer.code(picked))
        let outcome = device.tapContactAccessButton(
            button, in: stores[app], placement: placement, event: script.isValidated ? .validatedTouch : .synthesized,
            choosing: { shown in picked.map(\.string).filter { pick in shown.contains { RecordID($0.identifier) == RecordID(pick) } } })
        let actual: Observation = switch outcome {
        case .approved(let granted): .identifiers(granted.map(RecordID.init))
        case .declined: .refused("declined")
        case .refused(.notShown(let status)): .refused("not shown (.\(status))")
        case .refused(.unvalidatedEvent): .refused("unvalidated event")
        case .refused(.illegible(let problems)): .refused(problems.isEmpty ? "illegible, no problem named" : "illegible")
        case .refused(.promptFailed(let error)): .refused("prompt failed: \(error.code)")
        }
        let expected = model.tapAccessButton(app, rows: rows, picked: picked, validated: script.isValidated, legible: script.isLegible)
        if case .identifiers(let granted) = expected, !granted.isEmpty { features.insert(.accessButtonGranted) }
        return settle(Observed(actual), expected, app: app,
                      call: "device.tapContactAccessButton(ContactAccessButton(queryString: \(ProgramPrinter.literal(script.query)), "
                          + "ignoredEmails: \(script.ignoredEmails)), in: \(appCode), placement: .init(frame: .init(x: 0, y: 0, width: 320, "
                          + "height: 64), opacity: \(script.isLegible ? 1 : 0.5)), event: \(script.isValidated ? ".validatedTouch" : ".synthesized"), "
                          + "choosing: { _ in \(pickedCode) })  // the person sees \(offered)",
                      mentioned: rows.map(\.string),
                      rule: "permitted set (the button grants exactly what the person approved)")
    }

    // MARK: Saves

    private mutating func performSave(app: Int, author: String?, steps: [SaveStep]) -> Violation? {
        let request = fresh("request")
        var saveRequest = SaveRequest(transactionAuthor: author)
        var lines = ProgramLines(printer)
        lines.add("var \(request) = SaveRequest(\(author.map { "transactionAuthor: \(ProgramPrinter.literal($0))" } ?? ""))")
        var modelSteps: [ReferenceModel.SaveStep] = []
        var addedContacts: [(reference: SaveRequest.ContactReference, code: String)] = []
        var addedGroups: [(reference: SaveRequest.GroupReference, code: String)] = []
        var mentioned: [String] = []

        func contactReference(_ reference: ContactRef) -> (reference: SaveRequest.ContactReference, code: String) {
            if case .added(let index) = reference, !addedContacts.isEmpty { return addedContacts[index % addedContacts.count] }
            let named = resolve(reference)
            mentioned.append(named.value)
            noteHidden(named.value, app: app)
            return (.saved(named.value), lines.isEnabled ? ".saved(\(named.code))" : "")
        }
        func groupReference(_ reference: GroupRef) -> (reference: SaveRequest.GroupReference, code: String) {
            if case .added(let index) = reference, !addedGroups.isEmpty { return addedGroups[index % addedGroups.count] }
            let named = resolve(reference)
            mentioned.append(named.value)
            return (.saved(named.value), lines.isEnabled ? ".saved(\(named.code))" : "")
        }
        func container(_ reference: ContainerRef?) -> (value: String?, code: String) {
            guard let reference else { return (nil, "") }
            let named = resolve(reference)
            mentioned.append(named.value)
            return (named.value, lines.isEnabled ? ", toContainerWithIdentifier: \(named.code)" : "")
        }

        for step in steps {
            switch step {
            case .addContact(let draft, let target):
                let contact = fresh("contact")
                let added = fresh("new")
                let (value, code) = container(target)
                lines.add(contentsOf: ProgramPrinter.mutableContact(contact, draft))
                lines.add("let \(added) = \(request).add(\(contact)\(code))")
                addedContacts.append((saveRequest.add(draft.mutableContact, toContainerWithIdentifier: value), added))
                modelSteps.append(.addContact(draft, keys: Set(ContactKey.allCases), identifier: nil, container: value))
            case .updateContact(let target, let draft):
                let contact = fresh("contact")
                let reference = contactReference(target)
                lines.add(contentsOf: ProgramPrinter.mutableContact(contact, draft))
                lines.add("\(request).updateContact(\(reference.code), with: \(contact))")
                saveRequest.updateContact(reference.reference, with: draft.mutableContact)
                modelSteps.append(.updateContact(reference.reference, draft, keys: Set(ContactKey.allCases), identifier: nil))
            case .deleteContact(let target):
                let reference = contactReference(target)
                if case .saved(let identifier) = reference.reference, model.grantsAccess(app),
                   model.contacts[RecordID(identifier)] != nil, !model.sees(app, RecordID(identifier)) {
                    features.insert(.hiddenDeleteRefused)
                }
                lines.add("\(request).deleteContact(\(reference.code))")
                saveRequest.deleteContact(reference.reference)
                modelSteps.append(.deleteContact(reference.reference))
            case .addGroup(let name, let target):
                let added = fresh("newGroup")
                let (value, code) = container(target)
                lines.add("let \(added) = \(request).add(MutableGroup(name: \(ProgramPrinter.literal(name)))\(code))")
                addedGroups.append((saveRequest.add(MutableGroup(name: name), toContainerWithIdentifier: value), added))
                modelSteps.append(.addGroup(name: name, container: value))
            case .renameGroup(let target, let name):
                let reference = groupReference(target)
                lines.add("\(request).updateGroup(\(reference.code), with: MutableGroup(name: \(ProgramPrinter.literal(name))))")
                saveRequest.updateGroup(reference.reference, with: MutableGroup(name: name))
                modelSteps.append(.renameGroup(reference.reference, name: name))
            case .deleteGroup(let target):
                let reference = groupReference(target)
                lines.add("\(request).deleteGroup(\(reference.code))")
                saveRequest.deleteGroup(reference.reference)
                modelSteps.append(.deleteGroup(reference.reference))
            case .addMember(let contactTarget, let groupTarget), .removeMember(let contactTarget, let groupTarget):
                let contact = contactReference(contactTarget)
                let group = groupReference(groupTarget)
                if case .addMember = step {
                    lines.add("\(request).addMember(\(contact.code), to: \(group.code))")
                    saveRequest.addMember(contact.reference, to: group.reference)
                    modelSteps.append(.addMember(contact.reference, group: group.reference))
                } else {
                    lines.add("\(request).removeMember(\(contact.code), from: \(group.code))")
                    saveRequest.removeMember(contact.reference, from: group.reference)
                    modelSteps.append(.removeMember(contact.reference, group: group.reference))
                }
            case .addSubgroup(let childTarget, let parentTarget), .removeSubgroup(let childTarget, let parentTarget):
                let child = groupReference(childTarget)
                let parent = groupReference(parentTarget)
                if case .addSubgroup = step {
                    lines.add("\(request).addSubgroup(\(child.code), to: \(parent.code))")
                    saveRequest.addSubgroup(child.reference, to: parent.reference)
                    modelSteps.append(.addSubgroup(child.reference, parent: parent.reference))
                } else {
                    lines.add("\(request).removeSubgroup(\(child.code), from: \(parent.code))")
                    saveRequest.removeSubgroup(child.reference, from: parent.reference)
                    modelSteps.append(.removeSubgroup(child.reference, parent: parent.reference))
                }
            }
        }

        let outcome: Result<SaveResult, ContactError>
        do { outcome = .success(try stores[app].execute(saveRequest)) } catch { outcome = .failure(error) }

        // The identifiers the store assigned, by the request's numbering of its adds.
        var assigned: [Int: String] = [:]
        var newContacts: [(identifier: String, code: String)] = []
        var newGroups: [(identifier: String, code: String)] = []
        if case .success(let result) = outcome {
            for added in addedContacts {
                guard case .new(let number) = added.reference, let identifier = result.identifier(for: added.reference) else {
                    return Violation(rule: "save result", detail: "no identifier for an added contact", check: lines.lines)
                }
                assigned[number] = identifier
                newContacts.append((identifier, added.code))
            }
            for added in addedGroups {
                guard case .new(let number) = added.reference, let identifier = result.identifier(for: added.reference) else {
                    return Violation(rule: "save result", detail: "no identifier for an added group", check: lines.lines)
                }
                assigned[number] = identifier
                newGroups.append((identifier, added.code))
            }
        }

        let before = model
        let expected = model.save(app, modelSteps, author: author, assigned: assigned)
        let actual: Observed = switch outcome {
        case .success: Observed(.saved)
        case .failure(let error): Observed(error)
        }
        noteSaveFeatures(app: app, expected: expected, before: before, steps: modelSteps.count, adds: addedContacts.count)

        let appCode = appName(app)
        let call = { "try \(appCode).execute(\(request))" }
        if let violation = checkMissingMessage(actual, api: "execute")
            ?? compare(actual, expected, app: app, call: call(), setup: lines.lines, mentioned: mentioned) {
            return violation
        }
        if expected != .saved {
            printer.addThrowing(lines.lines, call(), expected: expected)
            return nil
        }
        if let violation = checkFresh(newContacts.map(\.identifier) + newGroups.map(\.identifier), kind: "record") {
            return violation
        }
        let saved = fresh("saved")
        printer.add(contentsOf: lines.lines + ["let \(saved) = \(call())"])
        for (identifier, added) in newContacts {
            let name = "c\(knownContacts.count + 1)"
            knownContacts.append(Named(value: identifier, code: printing ? name : ""))
            printer.name(identifier, as: name)
            printer.add("let \(name) = try #require(\(saved).identifier(for: \(added)))")
        }
        for (identifier, added) in newGroups {
            let name = "g\(knownGroups.count + 1)"
            knownGroups.append(Named(value: identifier, code: printing ? name : ""))
            printer.name(identifier, as: name)
            printer.add("let \(name) = try #require(\(saved).identifier(for: \(added)))")
        }
        model.issued.formUnion((newContacts + newGroups).map { RecordID($0.identifier) })
        return nil
    }

    private mutating func noteSaveFeatures(app: Int, expected: Observation, before: ReferenceModel, steps: Int, adds: Int) {
        switch expected {
        case .saved:
            if adds > 0, model.apps[app].status == .limited { features.insert(.limitedAppCreated) }
            let shrank = model.apps.indices.contains { $0 != app && model.apps[$0].permitted.count < before.apps[$0].permitted.count }
            if shrank && model.contacts.count < before.contacts.count { features.insert(.deletionLeftPermittedSet) }
        case .failed(let error):
            if (300..<400).contains(error.code.rawValue) { features.insert(.validationFailed) }
            if (200..<300).contains(error.code.rawValue) && steps > 1 { features.insert(.saveRolledBack) }
        default: break
        }
    }

    /// Identifiers the store just handed out must be well formed, distinct, and never seen before.
    private func checkFresh(_ identifiers: [String], kind: String) -> Violation? {
        let exact = identifiers.map(RecordID.init)
        for identifier in exact where !(1...ContactIdentifier.maximumLength).contains(identifier.utf8.count) {
            return Violation(rule: "identifiers", detail: "the store assigned a malformed \(kind) identifier \(identifier)", check: [])
        }
        if let reused = exact.first(where: model.issued.contains) {
            return Violation(rule: "identifiers", detail: "the store assigned \(printer.code(reused)) again (never reused)", check: [])
        }
        if Set(exact).count != exact.count {
            return Violation(rule: "identifiers", detail: "the store assigned one identifier twice in a request", check: [])
        }
        return nil
    }

    // MARK: Fetch, edit, save

    private mutating func performEdit(app: Int, reference: ContactRef, keys: [ContactKey], edit: FetchedEdit) -> Violation? {
        let target = resolve(reference)
        noteHidden(target.value, app: app)
        let store = stores[app]
        let fetched = fresh("fetched")
        let copy = fresh("copy")
        let request = fresh("request")
        let appCode = appName(app)
        let fetchCall = { "try \(appCode).unifiedContact(withIdentifier: \(target.code), keysToFetch: \(ProgramPrinter.keys(keys)))" }
        var lines = ProgramLines(printer)
        lines.add(contentsOf: ["let \(fetched) = \(fetchCall())", "var \(copy) = \(fetched).mutableCopy()", "var \(request) = SaveRequest()"])
        switch edit {
        case .setGivenName(let name): lines.add(contentsOf: ["\(copy).givenName = \(ProgramPrinter.literal(name))", "\(request).update(\(copy))"])
        case .addAgain: lines.add("\(request).add(\(copy))")
        case .delete: lines.add("\(request).delete(\(copy))")
        }
        let actual: Observed
        do {
            let contact = try store.unifiedContact(withIdentifier: target.value, keysToFetch: keys)
            var mutable = contact.mutableCopy()
            var saveRequest = SaveRequest()
            switch edit {
            case .setGivenName(let name):
                mutable.givenName = name
                saveRequest.update(mutable)
            case .addAgain: saveRequest.add(mutable)
            case .delete: saveRequest.delete(mutable)
            }
            let first = Observation.contact(ContactSnapshot.of(contact))
            do {
                try store.execute(saveRequest)
                actual = Observed(.then(first, .saved))
            } catch {
                actual = Observed(first, then: error)
            }
        } catch {
            actual = Observed(error)
        }
        let expected = model.editFetched(app, target.value, keys: keys, edit)
        let saveCall = { "try \(appCode).execute(\(request))" }
        if case .then(_, let saved) = expected {
            if let violation = compare(actual, expected, app: app, call: saveCall(), setup: lines.lines, mentioned: [target.value]) {
                return violation
            }
            if saved == .saved {
                printer.add(contentsOf: lines.lines + ["_ = \(saveCall())"])
            } else {
                printer.addThrowing(lines.lines, saveCall(), expected: saved)
            }
            return nil
        }
        return settle(actual, expected, app: app, call: fetchCall(), mentioned: [target.value])
    }

    // MARK: Batch fetches

    private mutating func performFetch(app: Int, _ script: FetchScript) -> Violation? {
        let (predicate, predicateCode, mentioned) = resolve(script.predicate, app: app)
        var searchResult: Result<Set<RecordID>, ErrorSnapshot>?
        switch predicate {
        case .name, .phoneNumber:
            guard let predicate else { break }
            switch search(predicate) {
            case .success(let result): searchResult = result
            case .failure(let violation): return violation
            }
        default: break
        }
        let request = ContactFetchRequest(predicate: predicate, keysToFetch: script.keys, sortOrder: script.sortOrder)
        let store = stores[app]
        let appCode = appName(app)
        let keysCode = { ProgramPrinter.keys(script.keys) }
        let requestCode = {
            "ContactFetchRequest(predicate: \(predicateCode), keysToFetch: \(keysCode()), sortOrder: \(ProgramPrinter.sortOrder(script.sortOrder)))"
        }
        var limit: Int?
        let call: () -> String
        let actual: Observed
        switch script.style {
        case .unifiedMatching where predicate != nil:
            call = { "try \(appCode).unifiedContacts(matching: \(predicateCode), keysToFetch: \(keysCode()), sortOrder: \(ProgramPrinter.sortOrder(script.sortOrder)))" }
            actual = Observed.of {
                .contacts(try store.unifiedContacts(matching: request.predicate ?? .identifiers([]), keysToFetch: script.keys,
                                                    sortOrder: script.sortOrder).map(ContactSnapshot.of))
            }
        case .enumerate(let stopAfter):
            limit = stopAfter
            let stop = stopAfter.map { " if seen.count == \($0) { stop = true }" } ?? ""
            call = { "{ var seen: [Contact] = []; try \(appCode).enumerateContacts(with: \(requestCode())) { contact, stop in seen.append(contact);\(stop) }; return seen }()" }
            actual = Observed.of {
                var seen: [Contact] = []
                try store.enumerateContacts(with: request) { contact, stop in
                    seen.append(contact)
                    if let stopAfter, seen.count >= stopAfter { stop = true }
                }
                return .contacts(seen.map(ContactSnapshot.of))
            }
        default:
            call = { "try \(appCode).contacts(for: \(requestCode()))" }
            actual = Observed.of { .contacts(try store.contacts(for: request).map(ContactSnapshot.of)) }
        }
        if case .inGroup(let group) = predicate { noteHiddenMembers(of: RecordID(group), app: app) }
        if case .identifiers(let identifiers) = predicate {
            let visible = identifiers.map(RecordID.init).filter { model.sees(app, $0) }
            if Set(visible).count < visible.count { features.insert(.duplicateIdentifiersAsked) }
        }
        let expected = model.fetchContacts(app, predicate: predicate, keys: script.keys, sortOrder: script.sortOrder,
                                           limit: limit, searchResult: searchResult)
        if let foreign = actual.foreignError {
            return Violation(rule: "typed errors", detail: "enumeration threw a non-ContactError: \(foreign)", check: [call()])
        }
        let rule = if case .identifiers = predicate { "identifier fetch (exact set, each once, sort order then identifier)" } else { "fetch" }
        return settle(actual, expected, app: app, call: call(), mentioned: mentioned, rule: rule)
    }

    /// What the full-access searcher finds for a name or phone predicate; its matches must be
    /// contacts that exist.
    private mutating func search(_ predicate: ContactPredicate) -> Result<Result<Set<RecordID>, ErrorSnapshot>, Violation> {
        let searcher: ContactStore
        if let existing = self.searcher {
            searcher = existing
        } else {
            let bundle = ScenarioRunner.searcherBundleIdentifier
            searcher = device.store(for: AppConfiguration(bundleIdentifier: bundle, usageDescription: "Search", hasNotesEntitlement: true))
            try? device.applySettings(.allowFull, to: bundle)
            printer.declareOracle(bundleIdentifier: bundle)
            self.searcher = searcher
        }
        do {
            let found = try searcher.unifiedContacts(matching: predicate, keysToFetch: []).map { RecordID($0.identifier) }
            if let stray = found.first(where: { model.contacts[$0] == nil }) {
                return .failure(Violation(rule: "search", detail: "a full-access search returned \(stray), which does not exist", check: []))
            }
            return .success(.success(Set(found)))
        } catch {
            return .success(.failure(ErrorSnapshot(error)))
        }
    }

    // MARK: Comparing

    /// Compares, then prints the step: a plain call when it succeeded, an `#expect(throws:)`
    /// when it failed as it should.
    mutating func settle(_ actual: Observed, _ expected: Observation, app: Int?, call: @autoclosure () -> String,
                         mentioned: [String] = [], rule: String = "model agreement", allowsHidden: Bool = false) -> Violation? {
        if let violation = compare(actual, expected, app: app, call: call(), setup: [], mentioned: mentioned, rule: rule,
                                   allowsHidden: allowsHidden) {
            return violation
        }
        if case .failed = expected {
            printer.addThrowing([], call(), expected: expected)
        } else {
            printer.add("_ = \(call())")
        }
        return nil
    }

    /// The heart of every check: the store's observation must equal the model's, and no error
    /// text may name a contact the app cannot see (unless the app named it itself).
    func compare(_ actual: Observed, _ expected: Observation, app: Int?, call: @autoclosure () -> String,
                 setup: @autoclosure () -> [String], mentioned: [String], rule: String = "model agreement",
                 allowsHidden: Bool = false) -> Violation? {
        let named = Set(mentioned.map(RecordID.init))
        if let foreign = actual.foreignError {
            return Violation(rule: "typed errors", detail: "threw a non-ContactError: \(foreign)", check: setup() + [call()])
        }
        if let app, let text = actual.errorMessage, let leaked = leakedContact(in: text, app: app, mentioned: mentioned) {
            return Violation(rule: "privacy", detail: "an error message shown to \(appName(app)) holds data of hidden contact \(printer.code(leaked))",
                             check: setup() + ["// error message: \(text)"] + printer.expectation(call: call(), expected: expected))
        }
        let store = normalized(actual.observation, mentioned: named)
        let model = normalized(expected, mentioned: named)
        guard store != model else { return nil }
        var brokenRule = rule
        var detail = "expected \(printer.describe(model)); the store \(printer.describe(store))"
        if let app, !allowsHidden {
            let leaked = Self.contactIdentifiers(in: store).filter { self.model.contacts[$0] != nil && !self.model.sees(app, $0) }
            if !leaked.isEmpty {
                brokenRule = "privacy"
                detail = "\(appName(app)) received hidden contact(s) \(printer.code(leaked)); " + detail
            }
        }
        if brokenRule != "privacy", let app, case .failed(let error) = model, error.code == .recordDoesNotExist,
           let hidden = error.identifiers.first(where: { self.model.contacts[$0] != nil && !self.model.sees(app, $0) }) {
            brokenRule = "privacy (a hidden contact fails exactly like a missing one)"
            detail = "\(printer.code(hidden)) is hidden from \(appName(app)); " + detail
        }
        let duplicates = Self.contactIdentifiers(in: store)
        if Set(duplicates).count < duplicates.count, brokenRule != "privacy" {
            detail = "a contact came back twice; " + detail
        }
        return Violation(rule: brokenRule, detail: detail,
                         check: setup() + ["// expected: \(printer.describe(model))", "// store:    \(printer.describe(store))"]
                             + printer.expectation(call: call(), expected: model))
    }

    /// Error identifiers of records a failed request would have created are unknowable to the
    /// model: both sides spell them as one stand-in. Validation failures compare as a set.
    private func normalized(_ observation: Observation, mentioned: Set<RecordID>) -> Observation {
        func fix(_ error: ErrorSnapshot) -> ErrorSnapshot {
            var fixed = error
            fixed.identifiers = error.identifiers.map { model.issued.contains($0) || mentioned.contains($0) ? $0 : ErrorSnapshot.unsaved }
            fixed.underlying = error.underlying.map(fix).sorted { "\($0)" < "\($1)" }
            return fixed
        }
        switch observation {
        case .failed(let error): return .failed(fix(error))
        case .then(let first, let second): return .then(normalized(first, mentioned: mentioned), normalized(second, mentioned: mentioned))
        default: return observation
        }
    }

    /// A hidden contact whose data appears in `text`: its identifier (outside what the app
    /// passed itself: asking for `c1 + " "` may echo that string), or a name, number or
    /// address of at least four bytes that no visible contact shares.
    private func leakedContact(in text: String, app: Int, mentioned: [String]) -> RecordID? {
        let bytes = Array(text.utf8)
        let passed = Set(mentioned.map(RecordID.init))
        let hidden = model.hidden(from: app)
        for secret in hidden where !passed.contains(secret) {
            for occurrence in bytes.ranges(of: secret.utf8) {
                let covered = passed.contains { named in
                    named.utf8.count > secret.utf8.count && bytes.ranges(of: named.utf8).contains {
                        $0.lowerBound <= occurrence.lowerBound && occurrence.upperBound <= $0.upperBound
                    }
                }
                if !covered { return secret }
            }
        }
        func values(_ contact: RecordID) -> [ExactString] {
            guard let values = model.contacts[contact]?.values else { return [] }
            return ([values.givenName, values.familyName, values.organizationName, values.note]
                + values.phoneNumbers.map(\.value) + values.emailAddresses.map(\.value)).map(ExactString.init)
        }
        let shared = Set(model.contactOrder.filter { model.sees(app, $0) }.flatMap(values) + mentioned.map(ExactString.init))
        for contact in hidden {
            for value in values(contact) where value.utf8.count >= 4 && !shared.contains(value) {
                if bytes.firstRange(of: value.utf8) != nil { return contact }
            }
        }
        return nil
    }

    private static func contactIdentifiers(in observation: Observation) -> [RecordID] {
        switch observation {
        case .contact(let contact): [contact.identifier]
        case .contacts(let contacts): contacts.map(\.identifier)
        case .then(let first, let second): contactIdentifiers(in: first) + contactIdentifiers(in: second)
        default: []
        }
    }

    /// SPEC 4: a hidden contact fails exactly like a missing one, so every
    /// `recordDoesNotExist` of one API must carry the same message.
    private mutating func checkMissingMessage(_ actual: Observed, api: String) -> Violation? {
        guard case .failed(let error) = actual.observation, error.code == .recordDoesNotExist, let message = actual.errorMessage else {
            return nil
        }
        if let first = missingMessages[api], first != message {
            return Violation(rule: "privacy (a hidden record fails exactly like a missing one)",
                             detail: "\(api) said \"\(first)\" for one missing record and \"\(message)\" for another", check: [])
        }
        missingMessages[api] = message
        return nil
    }

    // MARK: Features

    /// Remembers that an operation named a contact that exists but is hidden from the app.
    private mutating func noteHidden(_ identifier: String, app: Int) {
        let contact = RecordID(identifier)
        if model.contacts[contact] != nil, !model.sees(app, contact), model.grantsAccess(app) {
            features.insert(.hiddenContactRefused)
        }
    }

    mutating func noteHiddenMembers(of group: RecordID, app: Int) {
        if model.apps[app].status == .limited,
           model.memberships.contains(where: { $0.parent == group && !model.sees(app, $0.child) }) {
            features.insert(.hiddenGroupMemberFiltered)
        }
    }
}

extension GroupSnapshot {
    init(_ group: ContactGroup) {
        self.init(identifier: RecordID(group.identifier), name: ExactString(group.name),
                  containerIdentifier: RecordID(group.containerIdentifier))
    }
}
