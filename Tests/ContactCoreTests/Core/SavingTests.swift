import Testing
@testable import ContactCore

/// SPEC 6: atomic save requests, their order, and their errors.
@Suite("SPEC 6 — saving")
struct SavingTests {
    let fixture: Fixture
    let store: ContactStore

    init() throws {
        fixture = try Fixture()
        store = try fixture.app("full", .allowFull)
    }

    func named(_ given: String) -> MutableContact {
        var contact = MutableContact()
        contact.givenName = given
        return contact
    }

    @Test func aFailedSaveLeavesTheStoreExactlyAsItWas() throws {
        let before = fixture.snapshot()
        var request = SaveRequest(transactionAuthor: "sync")
        let added = request.add(named("Temp"))
        let group = request.add(MutableGroup(name: "Temp group"))
        request.addMember(added, to: group)
        request.addMember(.saved(fixture.id("Kate")), to: group)
        var edit = named("Changed")
        edit.familyName = "Changed"
        request.updateContact(.saved(fixture.id("John")), with: edit)
        request.deleteContact(.saved(fixture.id("Anna")))
        request.deleteContact(.saved("0000000000000:P"))
        let error = contactError { _ = try store.execute(request) }
        #expect(error?.code == .recordDoesNotExist)
        #expect(fixture.snapshot() == before)
    }

    @Test func operationsApplyInRequestOrder() throws {
        var request = SaveRequest()
        let contact = request.add(named("First"))
        request.updateContact(contact, with: named("Second"))
        let group = request.add(MutableGroup(name: "G"))
        request.addMember(contact, to: group)
        let result = try store.execute(request)
        let identifier = try #require(result.identifier(for: contact))
        #expect(try store.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName]).givenName == "Second")
        let groupIdentifier = try #require(result.identifier(for: group))
        #expect(try store.unifiedContacts(matching: .inGroup(identifier: groupIdentifier), keysToFetch: []).map(\.identifier)
            == [identifier])
    }

    @Test func addThenDeleteInOneRequestLeavesNothingAndRecordsNothing() throws {
        let commitsBefore = fixture.snapshot().lastSequence
        var request = SaveRequest()
        let contact = request.add(named("Ephemeral"))
        request.deleteContact(contact)
        try store.execute(request)
        #expect(fixture.device.allContactIdentifiers.count == 3)
        #expect(fixture.snapshot().lastSequence == commitsBefore, "a commit that changes nothing is not recorded")
    }

    @Test func anUpdateWithEqualValuesIsStillAChange() throws {
        let commitsBefore = fixture.snapshot().lastSequence
        let john = try store.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.givenName])
        var request = SaveRequest()
        request.update(john.mutableCopy())
        try store.execute(request)
        let records = fixture.device.state.withLock { $0.history.records }
        #expect(fixture.snapshot().lastSequence == commitsBefore + 1)
        #expect(records.last?.events == [.updateContact(fixture.id("John"))])
    }

    @Test func anUpdateWritesOnlyTheKeysTheContactCarries() throws {
        let partial = try store.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.givenName])
        var edit = partial.mutableCopy()
        edit.givenName = "Johnny"
        var request = SaveRequest()
        request.update(edit)
        try store.execute(request)
        let after = try store.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.givenName, .familyName, .emailAddresses])
        #expect(try after.givenName == "Johnny")
        #expect(try after.familyName == "Appleseed", "unfetched keys are not erased")
        #expect(try after.emailAddresses.map(\.value) == ["john@example.com"])
    }

    @Test func addingASavedContactIsInsertedRecordAlreadyExists() throws {
        let john = try store.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [])
        var request = SaveRequest()
        request.add(john.mutableCopy())
        let error = contactError { _ = try store.execute(request) }
        #expect(error?.code == .insertedRecordAlreadyExists)
        #expect(error?.affectedIdentifiers == [fixture.id("John")])
    }

    @Test func missingParentIsParentRecordDoesNotExist() throws {
        var toGroup = SaveRequest()
        toGroup.addMember(.saved(fixture.id("John")), to: .saved("no-such-group"))
        let error = contactError { _ = try store.execute(toGroup) }
        #expect(error?.code == .parentRecordDoesNotExist)
        #expect(error?.affectedIdentifiers == ["no-such-group"])

        var toContainer = SaveRequest()
        toContainer.add(named("X"), toContainerWithIdentifier: "no-such-container")
        #expect(contactError { _ = try store.execute(toContainer) }?.code == .parentRecordDoesNotExist)
    }

    @Test func recordErrorsReportTheFirstCodeAndEveryIdentifier() throws {
        var request = SaveRequest()
        request.deleteContact(.saved("missing-1"))
        request.addMember(.saved(fixture.id("John")), to: .saved("missing-group"))
        request.deleteContact(.saved("missing-2"))
        let error = contactError { _ = try store.execute(request) }
        #expect(error?.code == .recordDoesNotExist)
        #expect(error?.affectedIdentifiers == ["missing-1", "missing-group", "missing-2"])
    }

    @Test func severalValidationFailuresAreValidationMultipleErrors() throws {
        var bad = named("Bad")
        bad.birthday = ContactDate(month: 13, day: 1)
        bad.phoneNumbers = [LabeledValue(label: .custom(""), value: "123")]
        var request = SaveRequest()
        request.add(bad)
        request.add(MutableGroup(name: "  "))
        request.deleteContact(.saved("missing"))
        let error = contactError { _ = try store.execute(request) }
        #expect(error?.code == .validationMultipleErrors)
        #expect(error?.underlyingErrors.map(\.code) == [.validationTypeMismatch, .validationConfigurationError, .validationConfigurationError])
        #expect(error?.underlyingErrors.first?.affectedKeys == [.birthday])
    }

    @Test func oneValidationFailureIsItself() {
        var bad = named("Bad")
        bad.dates = [LabeledValue(label: .anniversary, value: ContactDate(month: 2, day: 40))]
        var request = SaveRequest()
        request.add(bad)
        #expect(contactError { _ = try store.execute(request) }?.code == .validationTypeMismatch)
    }

    @Test func subgroupCyclesAreContainmentCycle() throws {
        var request = SaveRequest()
        let a = request.add(MutableGroup(name: "A"))
        let b = request.add(MutableGroup(name: "B"))
        request.addSubgroup(b, to: a)
        let result = try store.execute(request)
        let aIdentifier = try #require(result.identifier(for: a)), bIdentifier = try #require(result.identifier(for: b))
        var cycle = SaveRequest()
        cycle.addSubgroup(.saved(aIdentifier), to: .saved(bIdentifier))
        #expect(contactError { _ = try store.execute(cycle) }?.code == .containmentCycle)
        var selfCycle = SaveRequest()
        selfCycle.addSubgroup(.saved(aIdentifier), to: .saved(aIdentifier))
        #expect(contactError { _ = try store.execute(selfCycle) }?.code == .containmentCycle)
        #expect(try store.groups(matching: .subgroups(ofGroup: aIdentifier)).map(\.name) == ["B"])
    }

    /// SPEC 6: a record error lists identifiers as the request gave them. A cycle of a group
    /// the same request adds lists none: the identifier the store would have given it was never
    /// the request's and, the save rolled back, names nothing.
    @Test func aCycleOfANewGroupListsNoIdentifier() throws {
        var request = SaveRequest()
        let group = request.add(MutableGroup(name: "A"))
        request.addSubgroup(group, to: group)
        let error = contactError { _ = try store.execute(request) }
        #expect(error?.code == .containmentCycle)
        #expect(error?.affectedIdentifiers == [])
    }

    @Test func deletingAGroupKeepsItsMembers() throws {
        var request = SaveRequest()
        let group = request.add(MutableGroup(name: "Family"))
        request.addMember(.saved(fixture.id("Kate")), to: group)
        let groupIdentifier = try #require(try store.execute(request).identifier(for: group))
        var delete = SaveRequest()
        delete.deleteGroup(.saved(groupIdentifier))
        try store.execute(delete)
        #expect(try store.groups().isEmpty)
        #expect(try store.unifiedContact(withIdentifier: fixture.id("Kate"), keysToFetch: []).identifier == fixture.id("Kate"))
    }

    @Test func renamingAGroup() throws {
        var request = SaveRequest()
        let group = request.add(MutableGroup(name: "Old"))
        let groupIdentifier = try #require(try store.execute(request).identifier(for: group))
        var rename = try #require(try store.groups(matching: .identifiers([groupIdentifier])).first).mutableCopy()
        rename.name = "New"
        var update = SaveRequest()
        update.update(rename)
        try store.execute(update)
        #expect(try store.groups().map(\.name) == ["New"])
    }

    @Test func malformedRequestsAreTypedErrors() throws {
        var request = SaveRequest()
        request.update(named("never saved"))
        var other = SaveRequest()   // its added records name nothing in this request
        request.deleteContact(other.add(MutableContact()))
        request.addMember(other.add(MutableContact()), to: other.add(MutableGroup(name: "Other")))
        let error = contactError { _ = try store.execute(request) }
        #expect(error?.code == .recordDoesNotExist)
        // A never-saved contact's update names the empty identifier; SPEC 6 lists it as given.
        #expect(error?.affectedIdentifiers == [""], "only what the request gave, empty included")
        #expect(throws: Never.self) { try store.execute(SaveRequest()) }
    }

    @Test func concurrentSavesAllCommitInOneTotalOrder() async throws {
        let store = self.store
        let count = 64
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    var request = SaveRequest(transactionAuthor: "writer-\(index % 8)")
                    var contact = MutableContact()
                    contact.givenName = "Parallel \(index)"
                    request.add(contact)
                    _ = try? store.execute(request)
                }
            }
        }
        #expect(fixture.device.allContactIdentifiers.count == 3 + count)
        let sequences = fixture.device.state.withLock { $0.history.records.map(\.sequence) }
        #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count)
    }
}
