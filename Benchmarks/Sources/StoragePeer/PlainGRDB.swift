import ContactCore
import Foundation
import GRDB

/// The same reads and writes on the same schema, straight through GRDB: no privacy layer, no
/// in-memory engine, no search index, no history coalescing. What ContactCore is compared with.
public enum PlainGRDB {
    public struct Contact {
        public var serial: Int64
        public var identifier: String
        public var givenName: String
        public var familyName: String
        /// The other columns of the row, which opening reads too: the type, the container, the
        /// other name and organization texts, the dates and the images.
        public var rest: Rest?
        public var values: [(property: String, identifier: String, label: String?, value: String)] = []
    }

    public struct Rest {
        public var contactType: Int
        public var container: String
        public var namePrefix, middleName, previousFamilyName, nameSuffix, nickname: String
        public var phoneticGivenName, phoneticMiddleName, phoneticFamilyName: String
        public var organizationName, phoneticOrganizationName, departmentName, jobTitle, note: String
        public var birthday: String?
        public var nonGregorianBirthday: String?
        public var imageData: Data?
        public var thumbnailImageData: Data?
    }

    /// WAL and `synchronous = FULL`, as ContactCore's default durability: both set by pragma,
    /// because GRDB's `journalMode = .wal` sets `synchronous = NORMAL` after `prepareDatabase`
    /// runs, and a commit would then skip the `fsync` ContactCore's waits for.
    public static func queue(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Opening: every contact with its labeled values into memory, as ContactCore's open reads
    /// them: every column of each contact row and of each labeled value, in the same order.
    public static func load(_ queue: DatabaseQueue) throws -> [Contact] {
        try queue.read { db in
            var contacts: [Contact] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT serial, identifier, givenName, familyName, contactType, container, namePrefix, middleName,
                    previousFamilyName, nameSuffix, nickname, phoneticGivenName, phoneticMiddleName, phoneticFamilyName,
                    organizationName, phoneticOrganizationName, departmentName, jobTitle, note, birthday, nonGregorianBirthday,
                    imageData, thumbnailImageData FROM contact ORDER BY serial
                """)
            while let row = try rows.next() {
                let rest = Rest(contactType: row[4], container: row[5], namePrefix: row[6], middleName: row[7],
                                previousFamilyName: row[8], nameSuffix: row[9], nickname: row[10], phoneticGivenName: row[11],
                                phoneticMiddleName: row[12], phoneticFamilyName: row[13], organizationName: row[14],
                                phoneticOrganizationName: row[15], departmentName: row[16], jobTitle: row[17], note: row[18],
                                birthday: row[19], nonGregorianBirthday: row[20], imageData: row[21], thumbnailImageData: row[22])
                contacts.append(Contact(serial: row[0], identifier: row[1], givenName: row[2], familyName: row[3], rest: rest))
            }
            var index = 0
            let values = try Row.fetchCursor(db, sql: """
                SELECT contactSerial, property, position, identifier, label, value FROM labeledValue
                ORDER BY contactSerial, property, position
                """)
            while let row = try values.next() {
                let serial: Int64 = row[0]
                while index < contacts.count, contacts[index].serial < serial { index += 1 }
                guard index < contacts.count else { break }
                contacts[index].values.append((row[1], row[3], row[4], row[5]))
            }
            return contacts
        }
    }

    /// The closest plain query to ContactCore's name search: identifiers of the contacts whose
    /// given or family name starts with `prefix`, case-insensitively (SQLite's `LIKE`), in
    /// insertion order. A scan: the schema has no index on names.
    public static func search(_ prefix: String, in queue: DatabaseQueue) throws -> [String] {
        try queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT identifier FROM contact WHERE givenName LIKE ?1 || '%' OR familyName LIKE ?1 || '%' ORDER BY serial
                """, arguments: [prefix])
        }
    }

    /// Fetching contacts by identifier: names, phones and emails.
    public static func fetch(_ identifiers: [String], in queue: DatabaseQueue) throws -> [Contact] {
        try queue.read { db in
            let marks = Array(repeating: "?", count: identifiers.count).joined(separator: ",")
            var contacts = try Row.fetchAll(db, sql: """
                SELECT serial, identifier, givenName, familyName FROM contact WHERE identifier IN (\(marks)) ORDER BY serial
                """, arguments: StatementArguments(identifiers)).map {
                Contact(serial: $0[0], identifier: $0[1], givenName: $0[2], familyName: $0[3])
            }
            var position: [Int64: Int] = [:]
            for (index, contact) in contacts.enumerated() { position[contact.serial] = index }
            let serialMarks = Array(repeating: "?", count: contacts.count).joined(separator: ",")
            let rows = try Row.fetchCursor(db, sql: """
                SELECT contactSerial, property, identifier, label, value FROM labeledValue WHERE contactSerial IN (\(serialMarks))
                """, arguments: StatementArguments(contacts.map(\.serial)))
            while let row = try rows.next() {
                if let index = position[row[0]] { contacts[index].values.append((row[1], row[2], row[3], row[4])) }
            }
            return contacts
        }
    }

    /// A one-contact save: the rows ContactCore's commit writes for it, in one transaction
    /// (device counters, the contact, its labeled values, a history commit and its event).
    public static func save(_ index: Int, in queue: DatabaseQueue) throws {
        try queue.write { db in
            let serial = (try Int64.fetchOne(db, sql: "SELECT nextSerial FROM device WHERE id = 1") ?? 0) + 1
            let sequence = (try Int64.fetchOne(db, sql: "SELECT lastSequence FROM device WHERE id = 1") ?? 0) + 1
            try db.execute(sql: "UPDATE device SET nextSerial = ?, lastSequence = ?, identifierCounter = identifierCounter + 3",
                           arguments: [serial, sequence])
            let identifier = "PLAIN\(index):P"
            try db.execute(sql: """
                INSERT INTO contact (serial, identifier, contactType, container, namePrefix, givenName, middleName, familyName,
                    previousFamilyName, nameSuffix, nickname, phoneticGivenName, phoneticMiddleName, phoneticFamilyName,
                    organizationName, phoneticOrganizationName, departmentName, jobTitle, note)
                VALUES (?, ?, 0, (SELECT defaultContainer FROM device), '', ?, '', ?, '', '', '', '', '', '', '', '', '', '', '')
                """, arguments: [serial, identifier, "Plain\(index)", "Save\(index)"])
            try db.execute(sql: "INSERT INTO labeledValue VALUES (?, 'phoneNumbers', 0, ?, '_$!<Mobile>!$_', ?)",
                           arguments: [serial, "P\(index):M", "+1 555 \(index)"])
            try db.execute(sql: "INSERT INTO labeledValue VALUES (?, 'emailAddresses', 0, ?, '_$!<Work>!$_', ?)",
                           arguments: [serial, "E\(index):M", "plain\(index)@example.com"])
            try db.execute(sql: "INSERT INTO historyCommit (sequence, author, origin, notifiedApps) VALUES (?, NULL, 1, ?)",
                           arguments: [sequence, "17:com.example.bench"])
            try db.execute(sql: "INSERT INTO historyEvent VALUES (?, 0, 0, ?, NULL)", arguments: [sequence, identifier])
        }
    }
}
