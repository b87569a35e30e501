import ContactCore

/// SPEC 11 as what an app holds once it has synced: its visible contacts (carrying the
/// history's keys), every group, the memberships of the contacts it sees, the nestings.
/// "Replaying the events since a token onto the view at that token yields the view now."
struct HistoryView: Equatable, Sendable {
    var contacts: [RecordID: ContactSnapshot] = [:]
    var containers: [RecordID: RecordID] = [:]
    var groups: [RecordID: GroupSnapshot] = [:]
    var memberships: Set<ReferenceModel.Link> = []
    var nestings: Set<ReferenceModel.Link> = []

    /// The keys history fetches ask for.
    static let keys: [ContactKey] = [.givenName, .familyName, .organizationName, .phoneNumbers, .emailAddresses, .birthday]

    /// Applies history events as the contract describes them: drop everything; add or update
    /// a contact or group with its values now; a delete also ends the record's links;
    /// memberships and nestings are pairs of identifiers.
    mutating func apply(_ events: [ChangeHistoryEvent]) {
        for event in events {
            switch event {
            case .dropEverything:
                self = HistoryView()
            case .addContact(let contact, let container):
                contacts[RecordID(contact.identifier)] = ContactSnapshot.of(contact)
                containers[RecordID(contact.identifier)] = RecordID(container)
            case .updateContact(let contact):
                contacts[RecordID(contact.identifier)] = ContactSnapshot.of(contact)
            case .deleteContact(let identifier):
                let contact = RecordID(identifier)
                contacts[contact] = nil
                containers[contact] = nil
                memberships = memberships.filter { $0.child != contact }
            case .addGroup(let group), .updateGroup(let group):
                groups[RecordID(group.identifier)] = GroupSnapshot(group)
            case .deleteGroup(let identifier):
                let group = RecordID(identifier)
                groups[group] = nil
                memberships = memberships.filter { $0.parent != group }
                nestings = nestings.filter { $0.parent != group && $0.child != group }
            case .addMember(let contact, let group):
                memberships.insert(ReferenceModel.Link(child: RecordID(contact), parent: RecordID(group)))
            case .removeMember(let contact, let group):
                memberships.remove(ReferenceModel.Link(child: RecordID(contact), parent: RecordID(group)))
            case .addSubgroup(let child, let parent):
                nestings.insert(ReferenceModel.Link(child: RecordID(child), parent: RecordID(parent)))
            case .removeSubgroup(let child, let parent):
                nestings.remove(ReferenceModel.Link(child: RecordID(child), parent: RecordID(parent)))
            }
        }
    }

    /// The view without groups, for a fetch that leaves group changes out.
    var contactsOnly: HistoryView { HistoryView(contacts: contacts, containers: containers) }
}

extension ReferenceModel {
    /// What the app holds once synced now; `nil`: an app with full access.
    func historyView(for app: Int?) -> HistoryView {
        let sees = { (contact: RecordID) in app.map { self.sees($0, contact) } ?? (self.contacts[contact] != nil) }
        var view = HistoryView()
        for contact in contactOrder where sees(contact) {
            view.contacts[contact] = snapshot(of: contact, keys: HistoryView.keys)
            view.containers[contact] = contacts[contact]?.container
        }
        for group in groupOrder {
            if let stored = groups[group] {
                view.groups[group] = GroupSnapshot(identifier: group, name: ExactString(stored.name), containerIdentifier: stored.container)
            }
        }
        view.memberships = memberships.filter { sees($0.child) }
        view.nestings = nestings
        return view
    }
}
