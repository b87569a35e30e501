/// A growable byte buffer that hands out a pointer view without a closure.
///
/// The reader reuses one for each unfolded line and one for each decoded value, so reading a
/// file allocates per line only when a line is longer than any before it. A view returned by
/// ``view`` is valid until the next mutation; the buffer is never shared between threads.
final class VCardByteBuffer {
    private var storage: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    private(set) var count = 0

    /// Allocates nothing until the first append: most values never need a buffer.
    init() {}

    deinit { storage?.deallocate() }

    var view: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    func removeAll() { count = 0 }

    /// Drops the last `n` bytes (at most all of them).
    func removeLast(_ n: Int) { count = max(0, count - n) }

    /// Grows to hold `needed` bytes; returns the storage, which then always exists.
    @discardableResult
    private func reserve(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
        if let storage, needed <= capacity { return storage }
        var newCapacity = max(capacity, 128)
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let storage {
            grown.update(from: storage, count: count)
            storage.deallocate()
        }
        storage = grown
        capacity = newCapacity
        return grown
    }

    func append(_ byte: UInt8) {
        let storage = reserve(count + 1)
        storage[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let storage = reserve(count + bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    func append(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }
}
