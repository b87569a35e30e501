extension ContactDevice {
    /// What the person sees of the app's button where the app placed it: the system draws
    /// this, and the app never reads it.
    public func contactAccessButtonView(
        _ button: ContactAccessButton, in store: ContactStore, placement: ContactAccessButton.Placement
    ) -> ContactAccessButtonView {
        snapshot(button, in: store, placement: placement).view
    }

    /// The app's status and what the button shows, read together under one lock.
    private func snapshot(
        _ button: ContactAccessButton, in store: ContactStore, placement: ContactAccessButton.Placement
    ) -> (status: AuthorizationStatus, view: ContactAccessButtonView) {
        let problems = button.legibilityProblems(in: placement)
        return state.withLock { state in
            let record = state.app(store.app.bundleIdentifier)
            let content: ContactAccessButtonView.Content
            if !ContactAccessButton.isShown(for: record.status) {
                content = .hidden
            } else {
                let rows = state.accessButtonHits(button, for: record).compactMap { hit in
                    state.contacts[hit.identifier].map {
                        ContactAccessButtonView.Row(hit, fields: $0.fields, caption: button.appearance.caption)
                    }
                }
                content = switch rows.count {
                case 0: .noMatch
                case 1: .single(rows[0])
                default: .list(rows)
                }
            }
            return (record.status, ContactAccessButtonView(content: content, appearance: button.appearance, legibilityProblems: problems))
        }
    }

    /// The person taps the app's button; returns what the app's approval callback receives.
    ///
    /// The system checks, in order: that the button is shown at the app's status, that the
    /// event is validated, and that the button is legible; a failed check refuses the tap
    /// whatever the contacts are. Then one match is approved by the tap itself; several open
    /// the list, where `choosing` plays the person and returns the identifiers of the rows
    /// to approve (`nil`: the person closes the list). The status and the rows come from one
    /// snapshot; the approval then applies to the status the app has when it lands: a
    /// `notDetermined` app first shows the person the simplified limited prompt (any answer
    /// but deny makes it `limited` with exactly the approved contacts; deny makes it
    /// `denied`), a `limited` app adds them to its permitted set. Every grant is a commit,
    /// seen by history and notifications.
    public func tapContactAccessButton(
        _ button: ContactAccessButton, in store: ContactStore, placement: ContactAccessButton.Placement,
        event: ContactAccessButton.Event, choosing: (([ContactAccessButtonView.Row]) -> [String])? = nil
    ) -> ContactAccessButton.TapOutcome {
        let (status, view) = snapshot(button, in: store, placement: placement)
        guard ContactAccessButton.isShown(for: status) else { return .refused(.notShown(status)) }
        guard event == .validatedTouch else { return .refused(.unvalidatedEvent) }
        guard view.legibilityProblems.isEmpty else { return .refused(.illegible(view.legibilityProblems)) }
        // The person chooses outside the lock: a choice may look at the device.
        let approved: [String]
        switch view.content {
        case .hidden: return .refused(.notShown(status))
        case .noMatch: return .declined
        case .single(let row): approved = [row.identifier]
        case .list(let rows):
            let picked = choosing?(rows) ?? []
            approved = rows.map(\.identifier).filter { row in picked.contains { ContactIdentifier.areEqual($0, row) } }
        }
        guard !approved.isEmpty else { return .declined }
        return promptLock.withLock { _ in
            authorizationStatus(for: store.app.bundleIdentifier) == .notDetermined
                ? grantFromNotDetermined(approved, store: store)
                : grant(approved, store: store)
        }
    }

    /// Adds approved contacts to a limited app's permitted set, if it is still limited.
    private func grant(_ approved: [String], store: ContactStore) -> ContactAccessButton.TapOutcome {
        state.withLock { state in
            var record = state.app(store.app.bundleIdentifier)
            guard record.status == .limited else { return .declined }
            let granted = approved.filter { state.contacts[$0] != nil && !record.permitted.contains($0) }
            guard !granted.isEmpty else { return .declined }
            record.permitted.formUnion(granted)
            do throws(ContactError) {
                try state.setApp(record, for: store.app.bundleIdentifier, origin: store.instanceIdentifier)
            } catch {
                return .refused(.storageFailed(error))
            }
            return .approved(granted)
        }
    }

    /// Shows the simplified limited prompt for the approved contacts and applies the answer.
    private func grantFromNotDetermined(_ approved: [String], store: ContactStore) -> ContactAccessButton.TapOutcome {
        let bundleIdentifier = store.app.bundleIdentifier
        guard let usage = store.app.usageDescription, !usage.isEmpty else {
            return .refused(.promptFailed(ContactError(
                .missingUsageDescription,
                "\(bundleIdentifier) declares no contacts usage description; the system shows no prompt.")))
        }
        guard let responder = promptResponder else {
            return .refused(.promptFailed(ContactError(.authorizationDenied, "No one answered the access prompt.")))
        }
        let answer = responder(AccessPrompt(bundleIdentifier: bundleIdentifier, usageDescription: usage,
                                            kind: .simplifiedLimited(approved: approved)))
        return state.withLock { state in
            guard state.app(bundleIdentifier).status == .notDetermined else { return .declined }
            do throws(ContactError) {
                if answer == .deny {
                    try state.setApp(AppRecord(status: .denied), for: bundleIdentifier, origin: store.instanceIdentifier)
                    return .declined
                }
                let granted = approved.filter { state.contacts[$0] != nil }
                try state.setApp(AppRecord(status: .limited, permitted: Set(granted)), for: bundleIdentifier,
                                 origin: store.instanceIdentifier)
                return granted.isEmpty ? .declined : .approved(granted)
            } catch {
                return .refused(.storageFailed(error))
            }
        }
    }
}

extension DeviceState {
    /// The contacts the access button offers: found by the query's name, phone or email
    /// rule, outside the app's permitted set, with no ignored address or number; ranked by
    /// kind of match, then the device's sort order, then identifier.
    /// The person's search over the whole device: it builds the search index if need be.
    mutating func accessButtonHits(_ button: ContactAccessButton, for app: AppRecord) -> [SearchHit] {
        let ignoredEmails = Set(button.ignoredEmails.map(EmailMatching.key(of:)))
        let ignoredPhones = button.ignoredPhoneNumbers.map(PhoneDigits.digits(of:))
        let hits = prepareSearchIndex().hits(for: ContactSearchQuery(button.queryString)).filter { hit in
            !app.permitted.contains(hit.identifier)
                && !hit.keys.emails.contains(where: ignoredEmails.contains)
                && !hit.keys.phoneDigits.contains { number in
                    ignoredPhones.contains { PhoneDigits.matches(query: $0, candidate: number) }
                }
        }
        let order = sorted(hits.map(\.identifier), by: .userDefault)
        let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return hits.sorted { lhs, rhs in
            lhs.rank != rhs.rank ? lhs.rank < rhs.rank : (position[lhs.identifier] ?? 0) < (position[rhs.identifier] ?? 0)
        }
    }
}
