import ContactCore
import Foundation
import GRDB

/// Reads a device's whole image from its database, checking every value's type: a damaged
/// file is ``ContactCore/ContactError/Code/storageCorrupt``, never a trap in a row accessor.
enum ImageReader {
    static func read(_ db: Database) throws -> DeviceImage {
        guard let metaRow = try Row.fetchOne(db, sql: """
            SELECT seed, identifierCounter, historyIdentity, nextSerial, defaultSortOrder, defaultContainer,
                historyLimit, lastSequence FROM device WHERE id = 1
            """)
        else { throw StorageCoding.corrupt("no device row") }
        var meta = Columns(metaRow)
        var image = DeviceImage(meta: DeviceMetaRecord(
            seed: try meta.uint64(), identifierCounter: try meta.uint64(), historyIdentity: try meta.uint64(),
            nextSerial: try meta.uint64(), defaultSortOrder: try meta.int(), defaultContainerIdentifier: try meta.text(),
            historyLimit: try meta.int(), lastSequence: try meta.uint64()))
        image.containers = try rows(db, "SELECT identifier, name, kind FROM container ORDER BY position") { columns in
            ContainerRecord(identifier: try columns.text(), name: try columns.text(), kind: try columns.int())
        }
        image.contacts = try contacts(db)
        image.groups = try rows(db, "SELECT identifier, serial, name, container FROM contactGroup ORDER BY serial") { columns in
            GroupRecord(identifier: try columns.text(), serial: try columns.uint64(), name: try columns.text(),
                        containerIdentifier: try columns.text())
        }
        image.members = try rows(db, "SELECT groupIdentifier, contact FROM membership", pair)
        image.subgroups = try rows(db, "SELECT parent, child FROM subgroup", pair)
        image.apps = try rows(db, "SELECT bundleIdentifier, status FROM app") { columns in
            AppStatusRecord(bundleIdentifier: try columns.text(), status: try columns.int())
        }
        image.permitted = try rows(db, "SELECT bundleIdentifier, contact FROM permission", pair)
        image.history = try history(db)
        return image
    }

    private static func pair(_ columns: inout Columns) throws -> PairRecord {
        PairRecord(parent: try columns.text(), child: try columns.text())
    }

    private static func rows<T>(_ db: Database, _ sql: String, _ make: (inout Columns) throws -> T) throws -> [T] {
        var result: [T] = []
        let cursor = try Row.fetchCursor(db, sql: sql)
        while let row = try cursor.next() {
            var columns = Columns(row)
            result.append(try make(&columns))
        }
        return result
    }

    /// Contacts by serial, each with its labeled values: both tables are read in serial order
    /// and merged, with no lookup per contact.
    private static func contacts(_ db: Database) throws -> [ContactRecord] {
        let textSQL = DatabaseSchema.textColumns.joined(separator: ", ")
        var contacts: [ContactRecord] = []
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT serial, identifier, contactType, container, \(textSQL), birthday, nonGregorianBirthday, imageData,
                thumbnailImageData FROM contact ORDER BY serial
            """)
        while let row = try cursor.next() {
            var columns = Columns(row)
            let serial = try columns.uint64()
            let identifier = try columns.text()
            let type = try columns.int()
            let container = try columns.text()
            var texts: [String] = []
            texts.reserveCapacity(DatabaseSchema.textColumns.count)
            for _ in DatabaseSchema.textColumns { texts.append(try columns.text()) }
            contacts.append(ContactRecord(
                identifier: identifier, serial: serial, contactType: type, containerIdentifier: container, texts: texts,
                birthday: try columns.optionalText(), nonGregorianBirthday: try columns.optionalText(),
                imageData: try columns.optionalBlob(), thumbnailImageData: try columns.optionalBlob(), labeledValues: []))
        }
        var index = 0
        let values = try Row.fetchCursor(db, sql: """
            SELECT contactSerial, property, position, identifier, label, value FROM labeledValue ORDER BY contactSerial
            """)
        while let row = try values.next() {
            var columns = Columns(row)
            let serial = try columns.uint64()
            while index < contacts.count, contacts[index].serial < serial { index += 1 }
            guard index < contacts.count, contacts[index].serial == serial else {
                throw StorageCoding.corrupt("a labeled value of no contact")
            }
            contacts[index].labeledValues.append(LabeledValueRecord(
                property: try columns.text(), position: try columns.int(), identifier: try columns.text(),
                label: try columns.optionalText(), value: try columns.text()))
        }
        return contacts
    }

    private static func history(_ db: Database) throws -> [HistoryRecord] {
        var commits = try rows(db, "SELECT sequence, author, origin, notifiedApps FROM historyCommit ORDER BY sequence") { columns in
            let sequence = try columns.uint64()
            let author = try columns.optionalText()
            let origin = try columns.optionalInt64().map { UInt64(bitPattern: $0) }
            guard let apps = StringList.decode(try columns.text()) else { throw StorageCoding.corrupt("notified apps") }
            return HistoryRecord(sequence: sequence, transactionAuthor: author, originStoreIdentifier: origin,
                                 notifiedApps: apps, events: [])
        }
        var index = 0
        let events = try Row.fetchCursor(db, sql: "SELECT sequence, position, kind, first, second FROM historyEvent ORDER BY sequence, position")
        while let row = try events.next() {
            var columns = Columns(row)
            let sequence = try columns.uint64()
            let position = try columns.int()
            while index < commits.count, commits[index].sequence < sequence { index += 1 }
            guard index < commits.count, commits[index].sequence == sequence, commits[index].events.count == position else {
                throw StorageCoding.corrupt("a history event of no commit")
            }
            commits[index].events.append(EventRecord(kind: try columns.int(), first: try columns.text(), second: try columns.optionalText()))
        }
        return commits
    }
}

/// Reads a row's columns in order, each checked against the type it must have.
struct Columns {
    private let row: Row
    private var index = 0

    init(_ row: Row) { self.row = row }

    private mutating func next() -> DatabaseValue.Storage {
        defer { index += 1 }
        guard index < row.count else { return .null }
        let value: DatabaseValue = row[index]
        return value.storage
    }

    mutating func optionalInt64() throws -> Int64? {
        switch next() {
        case .null: return nil
        case .int64(let value): return value
        default: throw StorageCoding.corrupt("a number column holding something else")
        }
    }

    mutating func int64() throws -> Int64 {
        guard let value = try optionalInt64() else { throw StorageCoding.corrupt("a missing number") }
        return value
    }

    mutating func uint64() throws -> UInt64 { UInt64(bitPattern: try int64()) }

    mutating func int() throws -> Int {
        guard let value = Int(exactly: try int64()) else { throw StorageCoding.corrupt("a number out of range") }
        return value
    }

    mutating func optionalText() throws -> String? {
        switch next() {
        case .null: return nil
        case .string(let value): return value
        case .blob(let bytes):  // text holding a NUL (see `bind`)
            guard bytes.contains(0), let value = String(validating: bytes, as: UTF8.self) else {
                throw StorageCoding.corrupt("a text column holding data")
            }
            return value
        default: throw StorageCoding.corrupt("a text column holding something else")
        }
    }

    mutating func text() throws -> String {
        guard let value = try optionalText() else { throw StorageCoding.corrupt("a missing text") }
        return value
    }

    mutating func optionalBlob() throws -> Data? {
        switch next() {
        case .null: return nil
        case .blob(let value): return value
        default: throw StorageCoding.corrupt("a data column holding something else")
        }
    }
}
