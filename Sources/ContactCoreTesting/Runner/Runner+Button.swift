import ContactCore

/// SPEC 8: what the person sees of the access button, and a tap on it.
extension Runner {
    /// The button a tap's app draws, with the modifiers and the placement its look names.
    static func accessButton(_ tap: Tap) -> (button: ContactAccessButton, placement: ContactAccessButton.Placement) {
        let look = Vocabulary.buttonLooks[tap.look]
        func color(_ rgb: RGB) -> ContactAccessButton.Color {
            .init(red: Double(rgb.red) / 255, green: Double(rgb.green) / 255, blue: Double(rgb.blue) / 255)
        }
        var button = ContactAccessButton(
            queryString: tap.query.text,
            ignoredEmails: tap.ignoredEmail.map { [Vocabulary.emails[$0]] } ?? [],
            ignoredPhoneNumbers: tap.ignoredPhone.map { [Vocabulary.phones[$0].text] } ?? [])
        if let colors = tap.colors {
            button = button.foregroundStyle(color(colors.foreground)).tint(color(colors.tint)).background(color(colors.background))
        } else {
            button = button.foregroundStyle(.init(white: Vocabulary.grays[tap.foreground])).background(.init(white: look.background))
        }
        button = button
            .font(size: look.fontSize)
            .contactAccessButtonStyle(.init(imageWidth: look.imageWidth))
            .contactAccessButtonCaption(look.caption)
        return (button, look.placement)
    }

    mutating func button(app: Int, _ tap: Tap) throws(Failure) {
        let (button, placement) = Self.accessButton(tap)
        let store = stores[app]
        // The person's side: the rows, ranked.
        let view = device.contactAccessButtonView(button, in: store, placement: placement)
        let shown = model.apps[app].status == .limited || model.apps[app].status == .notDetermined
        let rows: [String]? = switch view.content {
        case .hidden: nil
        case .noMatch: []
        case .single(let row): [row.identifier]
        case .list(let rows): rows.map(\.identifier)
        }
        let expectedRows = shown ? model.buttonRows(app: app, tap) : nil
        try expect(rows, expectedRows?.map(\.id), "SPEC 7/8 access button matches",
                   "rows the button shows for \(tap.query.text.debugDescription)")
        if case .single(let row) = view.content, let only = expectedRows?.first {
            try expect(row.caption, Model.caption(tap, only), "SPEC 8 access button caption",
                       "the caption of \(only.id) for \(tap.query.text.debugDescription)")
        }
        // The tap.
        let outcome = device.tapContactAccessButton(
            button, in: store, placement: placement, event: tap.validated ? .validatedTouch : .synthesized,
            choosing: { rows in tap.picks.map { rows[$0 % rows.count].identifier } })
        let actual: Model.TapResult = switch outcome {
        case .approved(let ids): .approved(ids)
        case .declined: .declined
        case .refused(.notShown): .notShown
        case .refused(.unvalidatedEvent): .unvalidated
        case .refused(.illegible): .illegible
        case .refused(.promptFailed): .promptFailed
        case .refused(.storageFailed(let error)):
            // The person saw what the model shows (a prompt, perhaps); the grant was not written.
            _ = model.tap(app: app, tap)
            throw fail("SPEC 13 persistent store", "the grant was not written: \(error)")
        }
        try expect(actual, model.tap(app: app, tap), "SPEC 8 access button tap", "the tap's outcome")
    }
}
