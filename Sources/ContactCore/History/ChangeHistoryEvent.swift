/// One entry of a history fetch (Apple's `CNChangeHistoryEvent` subclasses).
///
/// Each object (contact, group, membership, nesting) appears at most once, with its net
/// change since the token, and carries its values as they are now. Events are ordered by
/// the commit of each object's last change, so a membership can come before the add of a
/// contact that changed again later: apply memberships as pairs of identifiers.
public enum ChangeHistoryEvent: Hashable, Sendable {
    /// Forget everything synced so far; the adds that follow are the whole view.
    case dropEverything
    case addContact(Contact, containerIdentifier: String)
    case updateContact(Contact)
    /// Also ends every membership of the contact.
    case deleteContact(identifier: String)
    case addGroup(ContactGroup)
    case updateGroup(ContactGroup)
    /// Also ends the group's memberships and its nesting in and under other groups.
    case deleteGroup(identifier: String)
    case addMember(contactIdentifier: String, groupIdentifier: String)
    case removeMember(contactIdentifier: String, groupIdentifier: String)
    case addSubgroup(groupIdentifier: String, parentIdentifier: String)
    case removeSubgroup(groupIdentifier: String, parentIdentifier: String)
}
