extension ContactStore {
    /// Store-did-change notifications for this app, from now on, as an async sequence.
    ///
    /// One notification per commit that changed something the app can see (a contact
    /// visible to it before or after, any group while it has access) or its own status or
    /// permitted set; in commit order across every writer of the device; posted only once
    /// the change is readable. None for a commit that touched only what the app cannot see.
    ///
    /// **Buffering:** unbounded, per sequence. A commit appends to each observer's buffer
    /// and never waits, so a slow observer never delays a save; it also never misses or
    /// reorders a notification, at the cost of memory for its backlog. Drop or cancel the
    /// iteration to end the observation and free the buffer.
    ///
    /// Needs no access: an app without access is told only of changes to its own access.
    public func changes() -> AsyncStream<ContactStoreChange> {
        let observers = device.state.withLock { $0.changeObservers }
        return observers.observe(bundleIdentifier: bundleIdentifier, storeInstance: instanceIdentifier)
    }

    /// Calls `handler` synchronously with each notification of this store, as it is posted,
    /// until the device goes: for the test harness, which must see every notification at the
    /// step that caused it without running tasks. `handler` runs under the device lock.
    package func observeChangesSynchronously(_ handler: @escaping @Sendable (ContactStoreChange) -> Void) {
        let observers = device.state.withLock { $0.changeObservers }
        observers.observeSynchronously(bundleIdentifier: bundleIdentifier, storeInstance: instanceIdentifier, handler: handler)
    }

    /// Calls `handler` with each notification of ``changes()``, one at a time, in order, on
    /// a task of its own, until the returned observation is cancelled or released.
    public func observeChanges(
        _ handler: @escaping @Sendable (ContactStoreChange) -> Void
    ) -> ChangeObservation {
        let stream = changes()
        return ChangeObservation(task: Task {
            for await change in stream {
                // A cancelled stream still hands out what it had buffered.
                if Task.isCancelled { break }
                handler(change)
            }
        })
    }
}

/// A running ``ContactStore/observeChanges(_:)``; it stops when cancelled or released.
public final class ChangeObservation: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) { self.task = task }

    /// Stops the handler: a call in progress finishes, no later one starts.
    public func cancel() { task.cancel() }

    deinit { task.cancel() }
}
