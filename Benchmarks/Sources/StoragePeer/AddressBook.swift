import BenchmarkSupport
import ContactCore
import ContactCoreSQLite
import Foundation
import GRDB

/// The benchmark's address books: people with a name, a mobile number and an email address,
/// added 10,000 per save (so the history holds one commit per 10,000 contacts), then written
/// to a new database file.
public enum AddressBook {
    public static let app = AppConfiguration(bundleIdentifier: "com.example.bench", usageDescription: "Benchmark")
    public static let batch = 10_000
    /// What the first search after opening looks for: a given name's prefix, as typed.
    public static let searchedName = "Kate12"

    public static func person(_ index: Int, _ random: inout SplitMix) -> MutableContact {
        var contact = MutableContact()
        contact.givenName = random.pick(["Anna", "John", "Kate", "Daniel", "Hank", "David", "Zoë", "José"]) + "\(index % 1000)"
        contact.familyName = random.pick(["Haro", "Appleseed", "Bell", "Higgins", "Zakroff", "Taylor", "Núñez"]) + "\(index)"
        contact.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber("+1 555 \(1_000_000 + index)"))]
        contact.emailAddresses = [LabeledValue(label: .work, value: "person\(index)@example.com")]
        return contact
    }

    /// Creates the database at `path` with ContactCore (schema, device, the app's Settings),
    /// then adds `count` people in one SQL transaction on that schema: 10,000 per history
    /// commit, as an import through saves would record them. Saves into the in-memory search
    /// index cost too much time at a million contacts to build the file that way each run;
    /// opening the file checks every rule of the device, so the file is one ContactCore accepts.
    public static func create(count: Int, at path: String) throws -> Double {
        let clock = ContinuousClock()
        let started = clock.now
        let device = try ContactDevice.open(databaseAt: path, options: ContactDatabaseOptions(seed: 42, identity: 42))
        try device.applySettings(.allowFull, to: app.bundleIdentifier)
        device.close()
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT nextSerial, lastSequence, defaultContainer FROM device") else { return }
            let firstSerial: Int64 = row[0], firstSequence: Int64 = row[1], container: String = row[2]
            let contact = try db.makeStatement(sql: """
                INSERT INTO contact (serial, identifier, contactType, container, namePrefix, givenName, middleName, familyName,
                    previousFamilyName, nameSuffix, nickname, phoneticGivenName, phoneticMiddleName, phoneticFamilyName,
                    organizationName, phoneticOrganizationName, departmentName, jobTitle, note)
                VALUES (?, ?, 0, ?, '', ?, '', ?, '', '', '', '', '', '', '', '', '', '', '')
                """)
            let value = try db.makeStatement(sql: "INSERT INTO labeledValue VALUES (?, ?, 0, ?, ?, ?)")
            let commit = try db.makeStatement(sql: "INSERT INTO historyCommit VALUES (?, 'import', 1, ?)")
            let event = try db.makeStatement(sql: "INSERT INTO historyEvent VALUES (?, ?, 0, ?, NULL)")
            var random = SplitMix(state: 7)
            var sequence = firstSequence
            for index in 0..<count {
                if index % batch == 0 {
                    sequence += 1
                    try commit.execute(arguments: [sequence, "\(app.bundleIdentifier.utf8.count):\(app.bundleIdentifier)"])
                }
                let serial = firstSerial + 1 + Int64(index)
                let identifier = identifierOf(index, "P")
                let person = person(index, &random)
                try contact.execute(arguments: [serial, identifier, container, person.givenName, person.familyName])
                try value.execute(arguments: [serial, "phoneNumbers", identifierOf(2 * index, "M"),
                                              ContactLabel.mobile.rawValue, person.phoneNumbers[0].value.stringValue])
                try value.execute(arguments: [serial, "emailAddresses", identifierOf(2 * index + 1, "M"),
                                              ContactLabel.work.rawValue, person.emailAddresses[0].value])
                try event.execute(arguments: [sequence, index % batch, identifier])
            }
            try db.execute(sql: "UPDATE device SET nextSerial = ?, lastSequence = ?",
                           arguments: [firstSerial + Int64(count), sequence])
        }
        try queue.close()
        return seconds(clock.now - started)
    }

    /// Identifiers of the store's shape that its generator never makes: they start with "U",
    /// which its digits leave out. Unique per index and kind.
    public static func identifierOf(_ index: Int, _ kind: Character) -> String {
        "U" + IdentifierRequests.storeShaped(UInt64(index), kind: kind).dropFirst()
    }
}

/// Removes the database at `path` with its WAL, shared-memory and lock files.
public func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}
