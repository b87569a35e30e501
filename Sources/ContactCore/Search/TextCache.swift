/// Results of a costly pure function of text, remembered across calls and threads.
///
/// Bounded: when it holds `limit` results it forgets them all at once, so memory stays small
/// whatever text passes through. Worth it where Foundation or ICU does the work (tens of
/// microseconds a call) and the same text recurs: names repeat across an address book, and an
/// index is built again from the same contacts after every open.
final class TextCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let results = Locked<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// `make(key)`, computed outside the lock the first time: two threads may both compute a
    /// result, and as `make` is pure, either is the same.
    func value(for key: Key, _ make: (Key) -> Value) -> Value {
        if let known = results.withLock({ $0[key] }) { return known }
        let value = make(key)
        results.withLock { results in
            if results.count >= limit { results.removeAll() }
            results[key] = value
        }
        return value
    }
}
