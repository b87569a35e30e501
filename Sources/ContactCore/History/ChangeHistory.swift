/// The answer to a history fetch: the events, and the token to present next time.
public struct ChangeHistory: Hashable, Sendable {
    /// In commit order; a full sync starts with ``ChangeHistoryEvent/dropEverything``.
    public let events: [ChangeHistoryEvent]
    /// The position these events bring the app to (Apple's `currentHistoryToken` of the
    /// fetch result): ``HistoryToken/limitedAccess`` for a `limited` app.
    public let currentToken: HistoryToken
    /// Why this is a full sync rather than the changes since the token; `nil` when it is not.
    public let fullSyncReason: FullSyncReason?
}

/// Why a history fetch answered with a full sync: drop everything, then an add for every
/// visible contact (and, when asked, every group, nesting and membership).
public enum FullSyncReason: Hashable, Sendable, CaseIterable {
    /// The request named no token.
    case noToken
    /// Bytes no device writes: wrong length, unknown version, damaged.
    case malformedToken
    /// A token of another device.
    case foreignToken
    /// A token of this device for a commit it has not made (a restored or forged token).
    case futureToken
    /// The history no longer reaches back to the token (see `historyLimit`).
    case expiredToken
    /// The app is `limited`: every fetch is a full sync, whatever the token.
    case limitedAccess
    /// The app presented ``HistoryToken/limitedAccess`` after an upgrade to full access.
    case accessUpgraded
}
