extension ContactStore {
    /// The position of the newest commit, to present to a later ``changeHistory(for:)``.
    ///
    /// A `limited` app always gets ``HistoryToken/limitedAccess``: a token that grew with
    /// every commit would count changes the app cannot see.
    ///
    /// - Throws: ``ContactError/Code/authorizationDenied`` without access (after a prompt
    ///   from `notDetermined`, as every read).
    public var currentHistoryToken: HistoryToken {
        get throws(ContactError) {
            try withAccess { state, app in state.currentHistoryToken(for: app) }
        }
    }

    /// What changed since the request's token, as events to apply to what the app synced
    /// up to that token (Apple's `enumeratorForChangeHistoryFetchRequest`).
    ///
    /// With a token of this device that its history still reaches, the events are each
    /// changed object's net change since the token: add then update is one add with the
    /// final values, add then delete is nothing, update then delete is a delete. Otherwise
    /// (see ``FullSyncReason``) the answer is a full sync: ``ChangeHistoryEvent/dropEverything``,
    /// then an add for every visible contact and, with group changes, every group, nesting
    /// and membership of visible contacts. A `limited` app always gets a full sync.
    ///
    /// Costs O(events since the token); a full sync costs O(visible objects).
    ///
    /// - Throws: ``ContactError/Code/authorizationDenied`` without access;
    ///   ``ContactError/Code/unauthorizedKeys`` for the note without the notes entitlement.
    public func changeHistory(for request: ChangeHistoryFetchRequest) throws(ContactError) -> ChangeHistory {
        let keys = try checkReadable(request.additionalContactKeys)
        let excluded = Set(request.excludedTransactionAuthors)
        return try withAccess { state, app in
            let token = state.currentHistoryToken(for: app)
            switch state.historyStart(for: request.startingToken, app: app) {
            case .fullSync(let reason):
                let events = state.fullSync(for: app, keys: keys, includeGroups: request.includeGroupChanges)
                return ChangeHistory(events: events, currentToken: token, fullSyncReason: reason)
            case .after(let sequence):
                let events = state.history
                    .netChanges(after: sequence, excludingAuthors: excluded, includeGroups: request.includeGroupChanges)
                    .compactMap { state.historyEvent(for: $0, keys: keys) }
                return ChangeHistory(events: events, currentToken: token, fullSyncReason: nil)
            }
        }
    }
}
