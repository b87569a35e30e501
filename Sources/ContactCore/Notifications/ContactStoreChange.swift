/// One store-did-change notification (Apple's `CNContactStoreDidChange`): a commit changed
/// something the app can see, or the app's own access.
///
/// It says who and which store, never what: fetch the history to learn that. An app is
/// never told of a commit that touched only contacts it cannot see.
public struct ContactStoreChange: Hashable, Sendable {
    /// The ``SaveRequest/transactionAuthor`` of the commit; `nil` for one without, and for
    /// the person's changes (prompts, Settings, pickers).
    public let transactionAuthor: String?
    /// Whether the observing ``ContactStore`` instance made the commit (Apple's
    /// `CNNotificationOriginationExternally`, inverted).
    public let isFromCurrentStore: Bool
}
