/// The device's contacts: the values side by side in one array, found by identifier through a
/// table of positions.
///
/// A dictionary of the values themselves spreads each 200-odd-byte contact over a table twice
/// the store's size and copies the whole contact to read one field of it; here a read of a
/// serial or a name touches that field only. The contacts' positions are found through a
/// ``PositionTable``, whose entries are compared through the keys by position; each key
/// carries its identifier's hash, so a look-up hashes the identifier once and compares hashes
/// before it reads a stored identifier's bytes.
///
/// Identifiers compare as `String` does (canonically), as the dictionary they replace did:
/// ``DeviceState/existingContactIndex(_:)`` then asks for the exact bytes.
struct StoredContacts: Equatable, Sendable {
    /// Where a contact is in the arrays: valid until the next removal, which moves the last
    /// contact into the gap. A snapshot keeps the value it indexes, so its positions stay valid.
    typealias Position = Int

    private var table = PositionTable()
    /// By position.
    private var keys: [Key] = []
    private var records: [StoredContact] = []

    init() {}

    /// Room for `capacity` contacts without growing.
    mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        records.reserveCapacity(capacity)
        if table.needsGrowing(toHold: capacity) { rebuildTable(toHold: capacity) }
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
            case let ((_, position?), nil): remove(at: position)
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
        let position = PositionTable.Position(records.count)
        keys.append(key)
        records.append(value)
        if table.needsGrowing(toHold: records.count) {
            rebuildTable(toHold: records.count)
        } else {
            table.file(position, in: bucket)
        }
    }

    /// Removes the contact at `position`; the last one takes its place.
    private mutating func remove(at position: Int) {
        let last = records.count - 1
        keys.withUnsafeBufferPointer { keys in
            table.remove(PositionTable.Position(position), hash: keys[position].hash) { keys[Int($0)].hash }
            if position != last {
                table.move(PositionTable.Position(last), hash: keys[last].hash, to: PositionTable.Position(position))
            }
        }
        keys.swapAt(position, last)
        records.swapAt(position, last)
        keys.removeLast()
        records.removeLast()
    }

    /// The bucket of `key`'s position and the position; or, when the table does not hold the
    /// key, the empty bucket where its look-up ended and `nil`.
    private func find(_ key: Key) -> (bucket: Int, position: Position?) {
        let (bucket, position) = table.find(key.hash) { keys[Int($0)] == key }
        return (bucket, position.map(Int.init))
    }

    private mutating func rebuildTable(toHold count: Int) {
        keys.withUnsafeBufferPointer { keys in
            table.rebuild(toHold: count, keys.indices.lazy.map(PositionTable.Position.init)) { keys[Int($0)].hash }
        }
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
