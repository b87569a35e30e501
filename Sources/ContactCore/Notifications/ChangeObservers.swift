/// The open observations of every app, and the one place commits are posted to them.
///
/// Commits are posted while the device lock is held, so each observer's buffer receives
/// them in commit order; posting only appends to buffers (no observer code runs), so it
/// never waits for an observer. An observer woken by a notification that reads the store
/// waits for that lock, so it always reads the change.
final class ChangeObservers: Sendable {
    private struct Observer {
        let storeInstance: UInt64
        let deliver: @Sendable (ContactStoreChange) -> Void
        let finish: @Sendable () -> Void
    }

    private struct Registry {
        var lastIdentifier: UInt64 = 0
        var byApp: [String: [UInt64: Observer]] = [:]
    }

    private let registry = Locked(Registry())

    /// A new observation for one store of an app; it ends when its stream is dropped or cancelled.
    func observe(bundleIdentifier: String, storeInstance: UInt64) -> AsyncStream<ContactStoreChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ContactStoreChange.self, bufferingPolicy: .unbounded)
        let identifier = register(bundleIdentifier, Observer(
            storeInstance: storeInstance, deliver: { continuation.yield($0) }, finish: { continuation.finish() }))
        continuation.onTermination = { [weak self] _ in
            self?.registry.withLock { registry in
                registry.byApp[bundleIdentifier]?[identifier] = nil
                if registry.byApp[bundleIdentifier]?.isEmpty == true { registry.byApp[bundleIdentifier] = nil }
            }
        }
        return stream
    }

    /// Calls `handler` with each notification of one store of an app, synchronously, under the
    /// device lock, for as long as the device lives: for a test harness that must see every
    /// notification without tasks. `handler` must not touch the device.
    func observeSynchronously(
        bundleIdentifier: String, storeInstance: UInt64, handler: @escaping @Sendable (ContactStoreChange) -> Void
    ) {
        register(bundleIdentifier, Observer(storeInstance: storeInstance, deliver: handler, finish: {}))
    }

    @discardableResult
    private func register(_ bundleIdentifier: String, _ observer: Observer) -> UInt64 {
        registry.withLock { registry in
            registry.lastIdentifier += 1
            registry.byApp[bundleIdentifier, default: [:]][registry.lastIdentifier] = observer
            return registry.lastIdentifier
        }
    }

    /// How many observations are open.
    var count: Int {
        registry.withLock { registry in registry.byApp.values.reduce(0) { $0 + $1.count } }
    }

    /// Hands the commit to every observer of every app it notifies.
    func post(_ record: CommitRecord) {
        registry.withLock { registry in
            for app in record.notifiedApps {
                for observer in (registry.byApp[app] ?? [:]).values {
                    observer.deliver(ContactStoreChange(
                        transactionAuthor: record.transactionAuthor,
                        isFromCurrentStore: record.originStoreIdentifier == observer.storeInstance))
                }
            }
        }
    }

    /// Observations outlive no device: their sequences end.
    deinit {
        let observers = registry.withLock { registry in registry.byApp.values.flatMap(\.values) }
        for observer in observers { observer.finish() }
    }
}
