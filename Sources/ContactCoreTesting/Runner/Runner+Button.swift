import ContactCore

/// SPEC 8: what the person sees of the access button, and a tap on it.
extension Runner {
    static let placement = ContactAccessButton.Placement(frame: .init(x: 0, y: 0, width: 400, height: 80))

    mutating func button(app: Int, _ tap: Tap) throws(Failure) {
        var button = ContactAccessButton(
            queryString: tap.query.text,
            ignoredEmails: tap.ignoredEmail.map { [Vocabulary.emails[$0]] } ?? [],
            ignoredPhoneNumbers: tap.ignoredPhone.map { [Vocabulary.phones[$0].text] } ?? [])
        button = button.foregroundStyle(.init(white: Vocabulary.grays[tap.foreground]))
        let store = stores[app]
        // The person's side: the rows, ranked.
        let view = device.contactAccessButtonView(button, in: store, placement: Self.placement)
        let shown = model.apps[app].status == .limited || model.apps[app].status == .notDetermined
        let rows: [String]? = switch view.content {
        case .hidden: nil
        case .noMatch: []
        case .single(let row): [row.identifier]
        case .list(let rows): rows.map(\.identifier)
        }
        try expect(rows, shown ? model.buttonRows(app: app, tap).map(\.id) : nil, "SPEC 7/8 access button matches",
                   "rows the button shows for \(tap.query.text.debugDescription)")
        // The tap.
        let outcome = device.tapContactAccessButton(
            button, in: store, placement: Self.placement, event: tap.validated ? .validatedTouch : .synthesized,
            choosing: { rows in tap.picks.map { rows[$0 % rows.count].identifier } })
        let actual: Model.TapResult = switch outcome {
        case .approved(let ids): .approved(ids)
        case .declined: .declined
        case .refused(.notShown): .notShown
        case .refused(.unvalidatedEvent): .unvalidated
        case .refused(.illegible): .illegible
        case .refused(.promptFailed): .promptFailed
        case .refused(.storageFailed(let error)): throw fail("SPEC 13 persistent store", "the grant was not written: \(error)")
        }
        try expect(actual, model.tap(app: app, tap), "SPEC 8 access button tap", "the tap's outcome")
    }
}
