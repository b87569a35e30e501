import ContactCore

import Testing

/// The search index follows every save, delete and rollback: what search finds is always
/// what a scan of the stored contacts finds.
@Suite("Search index maintenance")
struct SearchIndexTests {
    @Test func aRenameReplacesTheOldName() throws {
        let fixture = try SearchFixture()
        let john = try fixture.add(given: "John", family: "Appleseed")
        var copy = try fixture.copy(of: john)
        copy.givenName = "Jonathan"
        copy.familyName = "山田"
        var request = SaveRequest()
        request.update(copy)
        try fixture.owner.execute(request)
        #expect(try fixture.found("appleseed").isEmpty)
        #expect(try fixture.found("jonathan") == [john])
        #expect(try fixture.found("shan") == [john], "the new name's forms are indexed too")
    }

    @Test func aDeleteRemovesTheContactAndOnlyIt() throws {
        let fixture = try SearchFixture()
        let john = try fixture.add(given: "John")
        let johnny = try fixture.add(given: "Johnny")
        var request = SaveRequest()
        request.delete(try fixture.copy(of: john))
        try fixture.owner.execute(request)
        #expect(try fixture.found("john") == [johnny])
    }

    @Test func aContactInAFreedSlotIsFoundInInsertionOrder() throws {
        let fixture = try SearchFixture()
        let first = try fixture.add(given: "Anna", family: "First")
        let second = try fixture.add(given: "Anna", family: "Second")
        #expect(try fixture.found("anna") == [first, second], "the index is built")
        var request = SaveRequest()
        request.delete(try fixture.copy(of: first))
        try fixture.owner.execute(request)
        let third = try fixture.add(given: "Anna", family: "Third")
        #expect(try fixture.found("anna") == [second, third], "the newest contact comes last, though it took the first one's place")
        #expect(fixture.device.checkInvariants().isEmpty)
    }

    /// Two tokens, one a prefix of the other: the index answers from the shorter token's keys,
    /// and a form a contact holds twice (filed once) still counts twice.
    @Test func nestedTokensNeedTwoFormsEvenWhenOneFormRepeats() throws {
        let fixture = try SearchFixture()
        let kateKatou = try fixture.add(given: "Kate", family: "Katou")
        let annKatou = try fixture.add(given: "Ann", family: "Katou")
        let katouKatou = try fixture.add(given: "Katou", family: "Katou")
        let katouOnce = try fixture.add(given: "Katou") { $0.nickname = "Ann" }
        let katouAgain = try fixture.add(given: "Katou") { $0.nickname = "Katou" }
        let katherine = try fixture.add(given: "Katherine", family: "Katz")
        #expect(try fixture.found("katou k") == [kateKatou, katouKatou, katouAgain])
        #expect(try fixture.found("k katou") == [kateKatou, katouKatou, katouAgain], "in either order")
        #expect(try fixture.found("katou katou") == [katouKatou, katouAgain])
        #expect(try fixture.found("kat k") == [kateKatou, katouKatou, katouAgain, katherine])
        let oneForm = try fixture.found("katou k").intersection([annKatou, katouOnce])
        #expect(oneForm.isEmpty, "Katou alone is one form, and k needs another")
        // A save that makes a form repeat, and one that ends the repeat, keep the mark in step.
        var copy = try fixture.copy(of: katouOnce)
        copy.familyName = "Katou"
        var request = SaveRequest()
        request.update(copy)
        try fixture.owner.execute(request)
        #expect(try fixture.found("katou katou") == [katouKatou, katouAgain, katouOnce])
        copy.familyName = "Ito"
        request = SaveRequest()
        request.update(copy)
        try fixture.owner.execute(request)
        #expect(try fixture.found("katou katou") == [katouKatou, katouAgain])
        #expect(fixture.device.checkInvariants().isEmpty)
    }

    /// A shorter token of one character asks for a second form that starts with it, which the
    /// index of first characters marks per contact: in ASCII and beyond, through saves.
    @Test func aOneCharacterTokenNeedsASecondFormStartingWithIt() throws {
        let fixture = try SearchFixture()
        let lucasLima = try fixture.add(given: "Lucas", family: "Lima")
        let lucasMoreau = try fixture.add(given: "Lucas", family: "Moreau")
        let lucasLucas = try fixture.add(given: "Lucas", family: "Lucas")
        let emileEcho = try fixture.add(given: "Émile", family: "Écho")
        let emileMoreau = try fixture.add(given: "Émile", family: "Moreau")
        let haruHana = try fixture.add(given: "はる", family: "はな")
        let haruOnly = try fixture.add(given: "はる")
        #expect(try fixture.found("lucas l") == [lucasLima, lucasLucas])
        #expect(try fixture.found("l lucas") == [lucasLima, lucasLucas], "in either order")
        #expect(try fixture.found("l l") == [lucasLima, lucasLucas])
        #expect(try fixture.found("é") == [emileEcho, emileMoreau])
        #expect(try fixture.found("émile é") == [emileEcho])
        #expect(try fixture.found("は は") == [haruHana])
        #expect(try fixture.found("はる は") == [haruHana])
        // A save that gives a second form, and one that takes it away, move the mark.
        var copy = try fixture.copy(of: haruOnly)
        copy.familyName = "はじめ"
        var request = SaveRequest()
        request.update(copy)
        try fixture.owner.execute(request)
        #expect(try fixture.found("は は") == [haruHana, haruOnly])
        copy = try fixture.copy(of: lucasLima)
        copy.familyName = "Moreau"
        request = SaveRequest()
        request.update(copy)
        try fixture.owner.execute(request)
        #expect(try fixture.found("lucas l") == [lucasLucas])
        #expect(try fixture.found("lucas m") == [lucasLima, lucasMoreau])
        #expect(fixture.device.checkInvariants().isEmpty)
    }

    @Test func aRolledBackUpdateKeepsTheOldName() throws {
        let fixture = try SearchFixture()
        let kate = try fixture.add(given: "Kate", family: "Bell")
        var copy = try fixture.copy(of: kate)
        copy.givenName = "Katherine"
        var request = SaveRequest()
        request.update(copy)
        request.deleteContact(.saved("no-such-contact"))
        #expect(throws: ContactError.self) { try fixture.owner.execute(request) }
        #expect(try fixture.found("kate") == [kate])
        #expect(try fixture.found("katherine").isEmpty)
    }

    @Test func aRolledBackDeleteKeepsTheContactFindable() throws {
        let fixture = try SearchFixture()
        let kate = try fixture.add(given: "Kate", phones: ["555-1212"], emails: ["kate@example.com"])
        var request = SaveRequest()
        request.delete(try fixture.copy(of: kate))
        request.deleteContact(.saved("no-such-contact"))
        #expect(throws: ContactError.self) { try fixture.owner.execute(request) }
        #expect(try fixture.found("kate") == [kate])
        let button = ContactAccessButton(queryString: "kate@")
        let fresh = fixture.device.store(for: AppConfiguration(bundleIdentifier: "com.example.fresh", usageDescription: "x"))
        let view = fixture.device.contactAccessButtonView(button, in: fresh, placement: AccessButtonFixture.placement)
        #expect(view.rows.map(\.identifier) == [kate], "the email index was restored too")
    }

    @Test func aRolledBackAddLeavesNothingBehind() throws {
        let fixture = try SearchFixture()
        var contact = MutableContact()
        contact.givenName = "Ghost"
        var request = SaveRequest()
        request.add(contact)
        request.deleteContact(.saved("no-such-contact"))
        #expect(throws: ContactError.self) { try fixture.owner.execute(request) }
        #expect(try fixture.found("ghost").isEmpty)
    }

    @Test func anAddThenDeleteInOneRequestLeavesNothing() throws {
        let fixture = try SearchFixture()
        var contact = MutableContact()
        contact.givenName = "Ghost"
        var request = SaveRequest()
        let reference = request.add(contact)
        request.deleteContact(reference)
        try fixture.owner.execute(request)
        #expect(try fixture.found("ghost").isEmpty)
    }

    /// Hundreds of saves in mixed scripts, then every query compared with a full scan.
}
