/// The device's contacts: the values side by side in one array, found by identifier through a
/// table of positions.
///
/// A dictionary of the values themselves spreads each 200-odd-byte contact over a table twice
/// the store's size and copies the whole contact to read one field of it; here a read of a
/// serial or a name touches that field only. The table of positions holds 4-byte positions
/// alone (open addressing, linear probing, at most three quarters full), each compared through
/// the keys by position, which carry their identifier's hash: a look-up hashes the identifier
/// once and compares hashes before it reads a stored identifier's bytes. A dictionary from key
/// to position held a second copy of every key in a table twice the store's size: 58 B a
/// contact at 1M, against 8 B here.
///
/// Identifiers compare as `String` does (canonically), as the dictionary they replace did:
/// ``DeviceState/existingContactIndex(_:)`` then asks for the exact bytes.
struct StoredContacts: Equatable, Sendable {
    /// Where a contact is in the arrays: valid until the next removal, which moves the last
    /// contact into the gap. A snapshot keeps the value it indexes, so its positions stay valid.
    typealias Position = Int

    /// A position per bucket, or ``empty``; a power of two in number.
    private var buckets: [Int32] = []
    /// By position.
    private var keys: [Key] = []
    private var records: [StoredContact] = []

    private static let empty: Int32 = -1

    init() {}

    /// Room for `capacity` contacts without growing.
    mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        records.reserveCapacity(capacity)
        if buckets.count < Self.bucketCount(for: capacity) { rehash(into: Self.bucketCount(for: capacity)) }
    }

    var count: Int { records.count }

    /// Every position, in the arrays' order (not insertion order).
    var indices: Range<Position> { records.indices }

    /// Every stored identifier, in the arrays' order.
    var identifiers: some RandomAccessCollection<String> { keys.lazy.map(\.identifier) }

    /// Where the contact stored under `identifier` (or a canonically equivalent spelling) is.
    func position(of identifier: String) -> Position? {
        find(Key(identifier)).position
    }

    /// Where the contact stored under exactly `identifier` (the same bytes) is.
    func exactPosition(of identifier: String) -> Position? {
        guard let position = position(of: identifier) else { return nil }
        // Through the buffer: the stored identifier is compared where it lies, not copied
        // (a copy retains it, a write to memory a large store rarely has in cache).
        let exact = keys.withUnsafeBufferPointer { ContactIdentifier.areEqual($0[position].identifier, identifier) }
        return exact ? position : nil
    }

    /// The stored identifier at `position`.
    func identifier(at position: Position) -> String { keys[position].identifier }

    /// The contact at `position`. Reading one field of it (`contacts[position].serial`) loads
    /// that field only once inlined: no copy of the contact.
    subscript(position: Position) -> StoredContact { records[position] }

    /// The serial of the contact at `position`, read without copying the contact.
    func serial(at position: Position) -> UInt64 {
        records.withUnsafeBufferPointer { $0[position].serial }
    }

    /// A contact of `keys`, read where it lies: only the fields it carries are copied.
    func contact(at position: Position, keys: ContactKeySet) -> Contact {
        records.withUnsafeBufferPointer { records in
            // The stored fields by address: handed on as a value, they were first copied whole.
            guard let base = records.baseAddress, let offset = Self.fieldsOffset else {
                return Contact(identifier: identifier(at: position), contactType: records[position].contactType,
                               fields: records[position].fields, keys: keys)
            }
            let fields = UnsafeRawPointer(base + position).advanced(by: offset).assumingMemoryBound(to: ContactFields.self)
            return Contact(identifier: identifier(at: position), contactType: records[position].contactType,
                           fields: fields, keys: keys)
        }
    }

    /// Where a stored contact's fields are within it.
    private static let fieldsOffset = MemoryLayout<StoredContact>.offset(of: \.fields)

    /// The contact stored under `identifier`; setting `nil` removes it.
    subscript(identifier: String) -> StoredContact? {
        get { position(of: identifier).map { records[$0] } }
        set {
            let key = Key(identifier)
            switch (find(key), newValue) {
            case let ((_, position?), value?): records[position] = value
            case let ((bucket, position?), nil): remove(at: position, filedIn: bucket)
            case let ((bucket, nil), value?): append(value, key, at: bucket)
            case ((_, nil), nil): break
            }
        }
    }

    /// Stores a contact under an identifier the table does not hold yet; `false` (and no
    /// change) if it holds it already.
    mutating func insertNew(_ value: consuming StoredContact, identifier: String) -> Bool {
        let key = Key(identifier)
        // One look-up: opening a database inserts every contact this way, none twice.
        let (bucket, held) = find(key)
        guard held == nil else { return false }
        append(value, key, at: bucket)
        return true
    }

    /// Appends a contact whose key the table does not hold, `bucket` being the empty one where
    /// a look-up of the key ended.
    private mutating func append(_ value: consuming StoredContact, _ key: Key, at bucket: Int) {
        let position = Int32(records.count)
        keys.append(key)
        records.append(value)
        if buckets.count < Self.bucketCount(for: records.count) {
            rehash(into: Self.bucketCount(for: records.count))
        } else {
            buckets[bucket] = position
        }
    }

    /// Removes the contact at `position`, filed in `bucket`; the last one takes its place.
    private mutating func remove(at position: Int, filedIn bucket: Int) {
        free(bucket)
        let last = records.count - 1
        if position != last {
            keys.swapAt(position, last)
            records.swapAt(position, last)
            buckets[self.bucket(holding: Int32(last), hash: keys[position].hash)] = Int32(position)
        }
        keys.removeLast()
        records.removeLast()
    }

    /// The bucket of `key`'s position and the position; or, when the table does not hold the
    /// key, the empty bucket where its look-up ended and `nil`.
    private func find(_ key: Key) -> (bucket: Int, position: Position?) {
        guard !buckets.isEmpty else { return (0, nil) }
        let mask = buckets.count - 1
        var bucket = key.hash & mask
        while case let position = buckets[bucket], position != Self.empty {
            if keys[Int(position)] == key { return (bucket, Int(position)) }
            bucket = (bucket + 1) & mask
        }
        return (bucket, nil)
    }

    /// The bucket that holds `position`, whose key has `hash`.
    private func bucket(holding position: Int32, hash: Int) -> Int {
        let mask = buckets.count - 1
        var bucket = hash & mask
        while buckets[bucket] != position { bucket = (bucket + 1) & mask }
        return bucket
    }

    /// Empties `bucket`. Each later entry of its run moves back into the hole unless its own
    /// bucket lies after the hole (cyclically): a look-up probes from its key's bucket onwards
    /// and stops at the first empty one, so no entry may sit past an empty bucket from its own.
    private mutating func free(_ bucket: Int) {
        let mask = buckets.count - 1
        var hole = bucket, next = (bucket + 1) & mask
        while case let moving = buckets[next], moving != Self.empty {
            let home = keys[Int(moving)].hash & mask
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = moving
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = Self.empty
    }

    /// Files every position again in `count` buckets.
    private mutating func rehash(into count: Int) {
        buckets = [Int32](repeating: Self.empty, count: count)
        let mask = count - 1
        for position in keys.indices {
            var bucket = keys[position].hash & mask
            while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(position)
        }
    }

    /// Buckets for `count` contacts: a power of two that they fill to three quarters at most.
    private static func bucketCount(for count: Int) -> Int {
        let needed = max(16, count + (count + 2) / 3)
        return 1 << (Int.bitWidth - (needed - 1).leadingZeroBitCount)
    }

    /// Positions in insertion (serial) order; equal serials (only a corrupt file has them)
    /// side by side. Contacts read from a database arrive in serial order: then nothing is sorted.
    var positionsBySerial: [Position] {
        let inOrder = zip(records.indices, records.indices.dropFirst()).allSatisfy { serial(at: $0) <= serial(at: $1) }
        return inOrder ? Array(records.indices) : records.indices.sorted { serial(at: $0) < serial(at: $1) }
    }

    /// The same identifiers with the same contacts, in whatever positions.
    static func == (lhs: StoredContacts, rhs: StoredContacts) -> Bool {
        lhs.count == rhs.count && lhs.indices.allSatisfy { lhs[$0] == rhs[lhs.identifier(at: $0)] }
    }

    /// An identifier with its hash, computed once when it is stored or looked up.
    private struct Key: Equatable, Sendable {
        let identifier: String
        let hash: Int

        init(_ identifier: String) {
            self.identifier = identifier
            hash = identifier.hashValue
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.identifier == rhs.identifier
        }
    }
}
