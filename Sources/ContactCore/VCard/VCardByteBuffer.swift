/// A growable byte buffer that hands out a pointer view without a closure.
///
/// The reader reuses one for each unfolded line and one for each decoded value, so reading a
/// file allocates per line only when a line is longer than any before it. A view returned by
/// ``view`` is valid until the next mutation; the buffer is never shared between threads.
final class VCardByteBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    var view: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    func removeAll() { count = 0 }

    /// Drops the last `n` bytes (at most all of them).
    func removeLast(_ n: Int) { count = max(0, count - n) }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }

    func append(_ byte: UInt8) {
        if count == capacity { reserve(count + 1) }
        storage[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(count + bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    func append(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }
}
