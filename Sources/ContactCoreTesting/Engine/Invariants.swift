import ContactCore

/// The invariants checked after every step, beyond each operation's own result.
///
/// - The person's view (after every step; cheap): the device's contacts, each app's status
///   and permitted set, containers and the prompts shown equal the model's; P ⊆ contacts.
/// - Each app's view (after every step that could change anything): everything the app can
///   read — all its contacts with every tracked key, the groups, each group's members —
///   equals the model's visible view, so no hidden contact appears anywhere; an app without
///   access reads nothing.
extension ScenarioRun {
    func checkPersonView() -> Violation? {
        if let problem = model.selfCheck() {
            return Violation(rule: "reference model", detail: problem, check: [])
        }
        let all = device.allContactIdentifiers.map(RecordID.init)
        let existing = Set(all)
        for (index, app) in model.apps.enumerated() {
            let bundle = ProgramPrinter.literal(app.bundleIdentifier)
            let permitted = Set(device.permittedIdentifiers(for: app.bundleIdentifier).map(RecordID.init))
            if !permitted.isSubset(of: existing) {
                return Violation(
                    rule: "permitted set (P ⊆ existing contacts)",
                    detail: "P of \(appName(index)) names \(printer.code(permitted.subtracting(existing).sorted())), which do not exist",
                    check: ["#expect(device.permittedIdentifiers(for: \(bundle)).isSubset(of: device.allContactIdentifiers))"])
            }
            let status = device.authorizationStatus(for: app.bundleIdentifier)
            if status != app.status || stores[index].authorizationStatus != app.status {
                return Violation(
                    rule: "authorization", detail: "\(appName(index)) should be .\(app.status), the store says .\(status)",
                    check: ["#expect(device.authorizationStatus(for: \(bundle)) == .\(app.status))"])
            }
            if permitted != app.permitted {
                let expected = printer.code(app.permitted.sorted())
                return Violation(
                    rule: "permitted set (grants and revocations exactly as scripted; created contacts join P)",
                    detail: "P of \(appName(index)) should be \(expected), the store has \(printer.code(permitted.sorted()))",
                    check: ["#expect(device.permittedIdentifiers(for: \(bundle)) == Set(\(expected)))"])
            }
        }
        if all != model.contactOrder {
            return Violation(
                rule: "contacts", detail: "the device should hold \(printer.code(model.contactOrder)), it holds \(printer.code(all))",
                check: ["#expect(device.allContactIdentifiers == \(printer.code(model.contactOrder)))"])
        }
        let containerIdentifiers = device.containers.map { RecordID($0.identifier) }
        if containerIdentifiers != model.containers {
            return Violation(rule: "containers", detail: "containers \(printer.code(containerIdentifiers)), expected \(printer.code(model.containers))",
                             check: [])
        }
        let shown = prompts.prompts.map { prompt in
            let approved: [RecordID]? = if case .simplifiedLimited(let approved) = prompt.kind { approved.map(RecordID.init) } else { nil }
            return ReferenceModel.ShownPrompt(bundleIdentifier: prompt.bundleIdentifier, approved: approved)
        }
        if shown != model.promptsShown {
            return Violation(rule: "authorization (prompts)",
                             detail: "prompts shown to the person: \(shown), expected \(model.promptsShown)", check: [])
        }
        for prompt in prompts.prompts {
            let app = scenario.apps.first { $0.bundleIdentifier == prompt.bundleIdentifier }
            if prompt.usageDescription != app?.usageDescription {
                return Violation(rule: "authorization (prompts)",
                                 detail: "a prompt for \(prompt.bundleIdentifier) did not show the app's usage description", check: [])
            }
        }
        return nil
    }

    mutating func checkAppViews() -> Violation? {
        // Values are the device's, the same for every app: one app with access reads them
        // all (an entitled one if any, for the note); the others are checked by identifier.
        let reader = model.apps.indices.first { model.grantsAccess($0) && model.apps[$0].hasNotesEntitlement }
            ?? model.apps.indices.first { model.grantsAccess($0) }
        for index in model.apps.indices {
            let store = stores[index]
            let app = appName(index)
            var probe = model
            switch model.apps[index].status {
            case .notDetermined:
                continue  // a read would prompt: that is an operation, not a check
            case .denied, .restricted:
                let actual = Observed.of { .contacts(try store.contacts(for: ContactFetchRequest(keysToFetch: [])).map(ContactSnapshot.of)) }
                let expected = probe.fetchContacts(index, predicate: nil, keys: [], sortOrder: .none)
                if let violation = compare(actual, expected, app: index, call: "try \(app).contacts(for: ContactFetchRequest(keysToFetch: []))",
                                           setup: ["// \(app) has no access: it must read nothing"], mentioned: [], rule: "privacy") {
                    return violation
                }
            case .limited, .authorized:
                let keys = index != reader ? []
                    : model.apps[index].hasNotesEntitlement ? Vocabulary.trackedKeys : Vocabulary.trackedKeys.filter { $0 != .note }
                let request = ContactFetchRequest(keysToFetch: keys)
                let everything = Observed.of { .contacts(try store.contacts(for: request).map(ContactSnapshot.of)) }
                let visible = probe.fetchContacts(index, predicate: nil, keys: keys, sortOrder: .none)
                if let violation = compare(everything, visible, app: index,
                                           call: "try \(app).contacts(for: ContactFetchRequest(keysToFetch: \(ProgramPrinter.keys(keys))))",
                                           setup: ["// \(app) reads all it may see"], mentioned: [], rule: "privacy (an app reads exactly its visible view)") {
                    return violation
                }
                let groups = Observed.of { .groups(try store.groups().map(GroupSnapshot.init)) }
                if let violation = compare(groups, probe.fetchGroups(index, nil), app: index, call: "try \(app).groups()",
                                           setup: [], mentioned: [], rule: "groups") {
                    return violation
                }
                for group in model.groupOrder where model.memberships.contains(where: { $0.parent == group }) {
                    noteHiddenMembers(of: group, app: index)
                    let predicate = ContactPredicate.inGroup(identifier: group.string)
                    let members = Observed.of {
                        .contacts(try store.unifiedContacts(matching: predicate, keysToFetch: []).map(ContactSnapshot.of))
                    }
                    let expected = probe.fetchContacts(index, predicate: predicate, keys: [], sortOrder: .none)
                    let call = "try \(app).unifiedContacts(matching: .inGroup(identifier: \(printer.code(group))), keysToFetch: [])"
                    if let violation = compare(members, expected, app: index, call: call, setup: [], mentioned: [group.string],
                                               rule: "privacy (group membership lists only visible contacts)") {
                        return violation
                    }
                }
            }
        }
        return nil
    }
}
