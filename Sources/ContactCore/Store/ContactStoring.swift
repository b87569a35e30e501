/// The app-facing API of a contact store, as Apple's `CNContactStore` offers it: write app
/// code against this protocol, run it on a ``ContactStore`` in tests, and on an adapter of
/// `CNContactStore` on a device (see <doc:AdoptingCNContactStore>).
///
/// Only what an app itself calls is here: Settings, the prompt and the access button's view
/// are the person's side, on ``ContactDevice``.
public protocol ContactStoring: Sendable {
    var authorizationStatus: AuthorizationStatus { get }
    @discardableResult func requestAccess() async throws(ContactError) -> Bool

    func unifiedContact(withIdentifier identifier: String, keysToFetch: [ContactKey]) throws(ContactError) -> Contact
    func unifiedContacts(matching predicate: ContactPredicate, keysToFetch: [ContactKey], sortOrder: SortOrder)
        throws(ContactError) -> [Contact]
    func enumerateContacts(with request: ContactFetchRequest, using body: (Contact, inout Bool) throws(ContactError) -> Void)
        throws(ContactError)
    func groups(matching predicate: GroupPredicate?) throws(ContactError) -> [ContactGroup]
    func containers(matching predicate: ContainerPredicate?) throws(ContactError) -> [ContactContainer]

    @discardableResult func execute(_ request: SaveRequest) throws(ContactError) -> SaveResult

    var currentHistoryToken: HistoryToken { get throws(ContactError) }
    func changeHistory(for request: ChangeHistoryFetchRequest) throws(ContactError) -> ChangeHistory
    func changes() -> AsyncStream<ContactStoreChange>
}

extension ContactStore: ContactStoring {}
