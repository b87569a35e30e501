import ContactCore
import Synchronization
import Testing

/// SPEC 8: what the person sees, what a tap grants, and what the app learns.
@Suite("Contact access button", .timeLimit(.minutes(1)))
struct AccessButtonTests {
    typealias Button = ContactAccessButton

    // MARK: What is offered

    @Test func offersOnlyContactsOutsideThePermittedSet() throws {
        let fixture = try AccessButtonFixture()
        let john = try fixture.search.add(given: "John", family: "Appleseed")
        let johnny = try fixture.search.add(given: "Johnny", family: "Bell")
        try fixture.makeLimited(permitting: [john])
        #expect(fixture.view(Button(queryString: "jo")).rows.map(\.identifier) == [johnny])
    }

    @Test func isShownOnlyForLimitedAndNotDetermined() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "John")
        let button = Button(queryString: "john")
        #expect(fixture.view(button).rows.count == 1, "notDetermined shows the button")
        for (change, status) in [(SettingsChange.allowFull, AuthorizationStatus.authorized), (.deny, .denied)] {
            try fixture.device.applySettings(change, to: AccessButtonFixture.chatApp.bundleIdentifier)
            #expect(fixture.view(button).content == .hidden)
            #expect(fixture.tap(button) == .refused(.notShown(status)))
        }
        try fixture.device.setRestricted(true, for: AccessButtonFixture.chatApp.bundleIdentifier)
        #expect(fixture.tap(button) == .refused(.notShown(.restricted)))
    }

    @Test func ignoredEmailsAndNumbersExcludeAContact() throws {
        let fixture = try AccessButtonFixture()
        let john = try fixture.search.add(given: "John", emails: ["John@Example.com"])
        let johan = try fixture.search.add(given: "Johan", phones: ["+1 (650) 555-1212"])
        try fixture.makeLimited()
        #expect(Set(fixture.view(Button(queryString: "jo")).rows.map(\.identifier)) == [john, johan])
        #expect(fixture.view(Button(queryString: "jo", ignoredEmails: ["john@example.COM"])).rows.map(\.identifier) == [johan])
        #expect(fixture.view(Button(queryString: "jo", ignoredPhoneNumbers: ["650-555-1212"])).rows.map(\.identifier) == [john])
    }

    @Test func findsByPhoneNumberAndEmailPrefix() throws {
        let fixture = try AccessButtonFixture()
        let ann = try fixture.search.add(given: "Ann", phones: ["+1 (650) 555-1212"], emails: ["ann.lee@example.com"])
        try fixture.makeLimited()
        #expect(fixture.view(Button(queryString: "５５５１２１２")).rows.map(\.identifier) == [ann])
        #expect(fixture.view(Button(queryString: "ANN.L")).rows.map(\.identifier) == [ann])
        #expect(fixture.view(Button(queryString: "555121")).content == .noMatch, "six digits are not a number")
    }

    /// SPEC 7 (decided): a query of no token matches nothing for the button, even an address
    /// that begins with the same punctuation. Issue 47: `_` showed `_sales@…`.
    @Test func aPunctuationOnlyQueryMatchesNothing() throws {
        let fixture = try AccessButtonFixture()
        let sales = try fixture.search.add(given: "Sam", emails: ["_sales@example.com"])
        let tagged = try fixture.search.add(given: "Tom", phones: ["+1 650 555 1212"], emails: ["+tag@example.com"])
        try fixture.makeLimited()
        for query in ["_", "+", "_sales", "+ ", "__", "@", "+()-", "", " \t"] where SearchNormalization.tokens(of: query).isEmpty {
            let view = fixture.view(Button(queryString: query))
            #expect(view.content == .noMatch, "\(query.debugDescription) shows \(view.rows.map(\.identifier))")
            #expect(fixture.tap(Button(queryString: query)) == .declined)
        }
        // A query with a token still finds the address it begins, and the number.
        #expect(fixture.view(Button(queryString: "_sales@ex")).rows.map(\.identifier) == [sales])
        #expect(fixture.view(Button(queryString: "+tag@")).rows.map(\.identifier) == [tagged])
        #expect(fixture.view(Button(queryString: "+1 650 555 1212")).rows.map(\.identifier) == [tagged])
        #expect(fixture.permitted.isEmpty)
    }

    @Test func ranksExactNameThenNameThenOrganizationThenDetails() throws {
        let fixture = try AccessButtonFixture()
        let byEmail = try fixture.search.add(given: "Zed", emails: ["lee@example.com"])
        let organization = try fixture.search.add(organization: "Leeward Inc")
        let brian = try fixture.search.add(given: "Brian", family: "Leeds")
        let annabel = try fixture.search.add(given: "Annabel", family: "Leeds")
        let exact = try fixture.search.add(given: "Lee")
        try fixture.makeLimited()
        #expect(fixture.view(Button(queryString: "lee")).rows.map(\.identifier) == [exact, annabel, brian, organization, byEmail])
    }

    /// The family and given names run together (山田太郎) are the exact full name; the phonetic
    /// names run together (やまだたろう) are a form the contact is found by, ranked as a prefix,
    /// so a contact that sorts first goes first.
    @Test func aRunTogetherPhoneticNameIsNoExactFullName() throws {
        let fixture = try AccessButtonFixture()
        let yamada = try fixture.search.add(given: "太郎", family: "山田", phoneticGiven: "たろう", phoneticFamily: "やまだ")
        let longer = try fixture.search.add(given: "やまだたろうえ")
        try fixture.makeLimited()
        #expect(fixture.view(Button(queryString: "やまだたろう")).rows.map(\.identifier) == [longer, yamada])
        #expect(fixture.view(Button(queryString: "山田太郎")).rows.map(\.identifier) == [yamada])
    }

    // MARK: One match

    @Test func aSingleMatchShowsTheChosenCaption() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "Kate", family: "Bell", organization: "Creative Consulting",
                               phones: ["(555) 564-8583"], emails: ["kate-bell@mac.com"])
        try fixture.makeLimited()
        let button = Button(queryString: "bell")
        #expect(fixture.view(button).rows.first?.name == "Kate Bell")
        #expect(fixture.view(button).rows.first?.caption == "Creative Consulting")
        #expect(fixture.view(Button(queryString: "kate-b")).rows.first?.caption == "kate-bell@mac.com",
                "the default caption is the detail that matched")
        #expect(fixture.view(button.contactAccessButtonCaption(.email)).rows.first?.caption == "kate-bell@mac.com")
        #expect(fixture.view(button.contactAccessButtonCaption(.phone)).rows.first?.caption == "(555) 564-8583")
        #expect(fixture.view(Button(queryString: "5648583")).rows.first?.caption == "(555) 564-8583",
                "the default caption is the detail that matched")
    }

    @Test func aCJKNameIsShownFamilyFirstWithoutASpace() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "太郎", family: "山田", phoneticFamily: "やまだ")
        #expect(fixture.view(Button(queryString: "yamada")).rows.first?.name == "山田太郎")
    }

    @Test func aSingleMatchIsApprovedByOneTap() throws {
        let fixture = try AccessButtonFixture()
        let other = try fixture.search.add(given: "Anna")
        let kate = try fixture.search.add(given: "Kate", family: "Bell")
        try fixture.makeLimited(permitting: [other])
        guard case .single(let row) = fixture.view(Button(queryString: "kate b")).content else {
            Issue.record("expected a single match")
            return
        }
        #expect(row.identifier == kate)
        #expect(fixture.tap(Button(queryString: "kate b")) == .approved([kate]))
        #expect(fixture.permitted == [other, kate])
        #expect(fixture.view(Button(queryString: "kate b")).content == .noMatch, "now permitted, so no longer offered")
        #expect(try fixture.chat.unifiedContact(withIdentifier: kate, keysToFetch: [.givenName]).givenName == "Kate")
    }

    @Test func aGrantIsACommitThatNotifiesTheApp() async throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "Kate")
        try fixture.makeLimited()
        let changes = fixture.chat.changes()
        #expect(fixture.tap(Button(queryString: "kate")) != .declined)
        var iterator = changes.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change?.isFromCurrentStore == true)
    }

    // MARK: Several matches

    @Test func severalMatchesOpenAListAndThePersonApprovesASubset() throws {
        let fixture = try AccessButtonFixture()
        let john = try fixture.search.add(given: "John", family: "Appleseed")
        let jose = try fixture.search.add(given: "José", family: "Ñúñez")
        let joe = try fixture.search.add(given: "Joe", family: "Zed")
        try fixture.makeLimited()
        let button = Button(queryString: "jo")
        guard case .list(let rows) = fixture.view(button).content else {
            Issue.record("expected a list")
            return
        }
        #expect(rows.map(\.identifier) == [joe, john, jose], "by given name")
        #expect(rows.map(\.name) == ["Joe Zed", "John Appleseed", "José Ñúñez"])
        #expect(fixture.tap(button) { _ in [] } == .declined)
        #expect(fixture.tap(button) == .declined, "closing the list approves nothing")
        #expect(fixture.permitted.isEmpty)
        let outcome = fixture.tap(button) { rows in [rows[2].identifier, "not-in-the-list", rows[0].identifier] }
        #expect(outcome == .approved([joe, jose]), "list order; identifiers not shown are ignored")
        #expect(fixture.permitted == [joe, jose])
        #expect(fixture.view(button).content == .single(rows[1]), "one match is left")
    }

    // MARK: Refusals

    @Test func aSynthesizedEventIsRefused() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "John")
        try fixture.makeLimited()
        #expect(fixture.tap(Button(queryString: "john"), event: .synthesized) == .refused(.unvalidatedEvent))
        #expect(fixture.permitted.isEmpty)
    }

    @Test func lowContrastIsRefusedWithTheRatio() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "John")
        try fixture.makeLimited()
        let button = Button(queryString: "john").foregroundStyle(.gray).background(.white)
        let ratio = Button.Color.gray.contrastRatio(with: .white)
        #expect(ratio > 3 && ratio < 4.5)
        #expect(fixture.tap(button) == .refused(.illegible([.lowContrast(ratio: ratio, minimum: 4.5)])))
        #expect(fixture.view(button).legibilityProblems == [.lowContrast(ratio: ratio, minimum: 4.5)])
        let dark = Button(queryString: "john").foregroundStyle(.white).background(Button.Color(white: 0.2)).tint(.green)
        #expect(dark.legibilityProblems(in: AccessButtonFixture.placement).isEmpty)
    }

    @Test func aClippedCoveredTransparentOrSmallButtonIsRefused() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "John")
        try fixture.makeLimited()
        let button = Button(queryString: "john")
        let frame = Button.Rect(x: 0, y: 0, width: 300, height: 60)
        var clipped = Button.Placement(frame: frame, visibleRegion: .init(x: 0, y: 30, width: 400, height: 400))
        #expect(fixture.tap(button, placement: clipped) == .refused(.illegible([.clipped(visibleFraction: 0.5)])))
        clipped.visibleRegion = .init(x: 500, y: 0, width: 10, height: 10)
        #expect(fixture.tap(button, placement: clipped) == .refused(.illegible([.clipped(visibleFraction: 0)])))
        let covered = Button.Placement(frame: frame, coveringFrames: [.init(x: 290, y: 50, width: 20, height: 20)])
        #expect(fixture.tap(button, placement: covered) == .refused(.illegible([.covered])))
        let touching = Button.Placement(frame: frame, coveringFrames: [.init(x: 300, y: 0, width: 20, height: 20)])
        #expect(fixture.tap(button, placement: touching) == .approved(Array(fixture.device.allContactIdentifiers)),
                "a view that only touches the edge covers nothing")
    }

    @Test func transparencyAndSizeAreRefused() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "John")
        try fixture.makeLimited()
        let button = Button(queryString: "john").font(size: 20, weight: .bold).contactAccessButtonStyle(.init(imageWidth: 30))
        #expect(button.minimumSize == Button.Size(width: 230, height: 50))
        let faded = Button.Placement(frame: .init(x: 0, y: 0, width: 300, height: 60), opacity: 0.9)
        #expect(fixture.tap(button, placement: faded) == .refused(.illegible([.transparent(opacity: 0.9)])))
        let small = Button.Placement(frame: .init(x: 0, y: 0, width: 200, height: 40))
        #expect(fixture.tap(button, placement: small) == .refused(.illegible([
            .tooSmall(size: .init(width: 200, height: 40), minimum: .init(width: 230, height: 50)),
        ])))
    }

    @Test func everyProblemIsReportedInOrder() throws {
        let fixture = try AccessButtonFixture()
        let button = Button(queryString: "john").foregroundStyle(Button.Color(white: 0.9))
        let placement = Button.Placement(
            frame: .init(x: 0, y: 0, width: 100, height: 20), visibleRegion: .init(x: 0, y: 0, width: 50, height: 20),
            coveringFrames: [.init(x: 10, y: 10, width: 5, height: 5)], opacity: .nan)
        let problems = button.legibilityProblems(in: placement)
        guard problems.count == 5 else {
            Issue.record("expected five problems, got \(problems)")
            return
        }
        #expect(problems[1] == .clipped(visibleFraction: 0.5))
        #expect(problems[2] == .covered)
        #expect(problems[3] == .transparent(opacity: 0))
        if case .lowContrast = problems[0] {} else { Issue.record("contrast first: \(problems)") }
        if case .tooSmall = problems[4] {} else { Issue.record("size last: \(problems)") }
        #expect(fixture.tap(button, placement: placement) == .refused(.illegible(problems)))
    }

    @Test func badGeometryIsAProblemNotACrash() {
        let button = Button(queryString: "x").font(size: .infinity).contactAccessButtonStyle(.init(imageWidth: -5))
        #expect(button.appearance.fontSize == 17)
        #expect(button.appearance.imageWidth == 0)
        let placement = Button.Placement(frame: .init(x: .nan, y: 0, width: -10, height: .infinity))
        let problems = button.legibilityProblems(in: placement)
        #expect(problems.contains(.clipped(visibleFraction: 0)))
        #expect(problems.contains(.tooSmall(size: .init(width: 0, height: 0), minimum: button.minimumSize)))
    }

    // MARK: From notDetermined

    @Test func fromNotDeterminedTheSimplifiedPromptGrantsLimitedAccess() throws {
        let fixture = try AccessButtonFixture()
        let kate = try fixture.search.add(given: "Kate")
        let prompts = PromptLog()
        fixture.device.setPromptResponder { prompt in
            prompts.append(prompt)
            return .allowLimited([])
        }
        #expect(fixture.tap(Button(queryString: "kate")) == .approved([kate]))
        #expect(prompts.all == [AccessPromptSummary(bundleIdentifier: AccessButtonFixture.chatApp.bundleIdentifier,
                                                    kind: .simplifiedLimited(approved: [kate]))])
        #expect(fixture.chat.authorizationStatus == .limited)
        #expect(fixture.permitted == [kate])
    }

    @Test func fromNotDeterminedADenialDeniesAndApprovesNothing() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "Kate")
        fixture.device.setPromptResponder { _ in .deny }
        #expect(fixture.tap(Button(queryString: "kate")) == .declined)
        #expect(fixture.chat.authorizationStatus == .denied)
    }

    @Test func fromNotDeterminedWithoutAnAnswerNothingChanges() throws {
        let fixture = try AccessButtonFixture()
        try fixture.search.add(given: "Kate")
        guard case .refused(.promptFailed(let error)) = fixture.tap(Button(queryString: "kate")) else {
            Issue.record("expected promptFailed")
            return
        }
        #expect(error.code == .authorizationDenied)
        #expect(fixture.chat.authorizationStatus == .notDetermined)

        let silent = fixture.device.store(for: AppConfiguration(bundleIdentifier: "com.example.silent", usageDescription: nil))
        fixture.device.setPromptResponder { _ in .allowFull }
        let outcome = fixture.device.tapContactAccessButton(
            Button(queryString: "kate"), in: silent, placement: AccessButtonFixture.placement, event: .validatedTouch)
        guard case .refused(.promptFailed(let missing)) = outcome else {
            Issue.record("expected promptFailed")
            return
        }
        #expect(missing.code == .missingUsageDescription)
        #expect(silent.authorizationStatus == .notDetermined)
    }

    // MARK: What the app learns

    @Test func theAppLearnsIdentifiersOnlyAndNothingFromARefusalOrDecline() throws {
        let withContacts = try AccessButtonFixture()
        try withContacts.search.add(given: "John", family: "Appleseed", phones: ["555-1212"], emails: ["john@example.com"])
        try withContacts.search.add(given: "Johnny", family: "Bell")
        try withContacts.makeLimited()
        let empty = try AccessButtonFixture()
        try empty.makeLimited()
        let button = Button(queryString: "john").foregroundStyle(.gray)

        // Refusals and declines read the same whether or not anything matches.
        #expect(withContacts.tap(button) == empty.tap(button))
        #expect(withContacts.tap(button, event: .synthesized) == empty.tap(button, event: .synthesized))
        #expect(withContacts.tap(Button(queryString: "john")) { _ in [] } == empty.tap(Button(queryString: "john")))

        // An approval carries identifiers and nothing else.
        let outcome = withContacts.tap(Button(queryString: "john appleseed"))
        guard case .approved(let identifiers) = outcome else {
            Issue.record("expected an approval")
            return
        }
        let text = String(reflecting: outcome)
        for secret in ["John", "Appleseed", "555", "example.com"] {
            #expect(!text.contains(secret), "\(secret) leaked into \(text)")
        }
        #expect(identifiers.allSatisfy { withContacts.device.allContactIdentifiers.contains($0) })
    }
}

/// A prompt, without the usage description, for comparing.
struct AccessPromptSummary: Hashable, Sendable {
    let bundleIdentifier: String
    let kind: AccessPrompt.Kind
}

/// Prompts a responder saw, in order.
final class PromptLog: Sendable {
    private let prompts = Mutex<[AccessPromptSummary]>([])

    func append(_ prompt: AccessPrompt) {
        prompts.withLock { $0.append(AccessPromptSummary(bundleIdentifier: prompt.bundleIdentifier, kind: prompt.kind)) }
    }

    var all: [AccessPromptSummary] { prompts.withLock { $0 } }
}
