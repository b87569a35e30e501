import ContactCore
import GRDB

/// The tables of a ContactCore database, versioned with GRDB's migrator.
///
/// Never edit a registered migration: add one. A database whose applied migrations include
/// one this build does not know was written by a newer ContactCore and is refused
/// (``ContactCore/ContactError/Code/storageVersionTooNew``); older ones migrate on open.
enum DatabaseSchema {
    /// `PRAGMA application_id`: "CCdb". Tells a ContactCore database from any other SQLite file.
    static let applicationID: Int32 = 0x4343_6462

    /// The text columns of `contact`, in ``ContactCore/ContactRecord/textKeys`` order, as
    /// version 1 created them.
    static let textColumns = [
        "namePrefix", "givenName", "middleName", "familyName", "previousFamilyName", "nameSuffix", "nickname",
        "phoneticGivenName", "phoneticMiddleName", "phoneticFamilyName", "organizationName",
        "phoneticOrganizationName", "departmentName", "jobTitle", "note",
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            let texts = textColumns.map { "\($0) TEXT NOT NULL" }.joined(separator: ", ")
            try db.execute(sql: """
                CREATE TABLE device (
                    id INTEGER PRIMARY KEY CHECK (id = 1), seed INTEGER NOT NULL, identifierCounter INTEGER NOT NULL,
                    historyIdentity INTEGER NOT NULL, nextSerial INTEGER NOT NULL, defaultSortOrder INTEGER NOT NULL,
                    defaultContainer TEXT NOT NULL, historyLimit INTEGER NOT NULL, lastSequence INTEGER NOT NULL);
                CREATE TABLE container (
                    position INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE, name TEXT NOT NULL, kind INTEGER NOT NULL);
                CREATE TABLE contact (
                    serial INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE, contactType INTEGER NOT NULL,
                    container TEXT NOT NULL, \(texts), birthday TEXT, nonGregorianBirthday TEXT,
                    imageData BLOB, thumbnailImageData BLOB);
                CREATE TABLE labeledValue (
                    contactSerial INTEGER NOT NULL, property TEXT NOT NULL, position INTEGER NOT NULL,
                    identifier TEXT NOT NULL, label TEXT, value TEXT NOT NULL,
                    PRIMARY KEY (contactSerial, property, position)) WITHOUT ROWID;
                CREATE TABLE contactGroup (
                    serial INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE, name TEXT NOT NULL, container TEXT NOT NULL);
                CREATE TABLE membership (
                    groupIdentifier TEXT NOT NULL, contact TEXT NOT NULL, PRIMARY KEY (groupIdentifier, contact)) WITHOUT ROWID;
                CREATE INDEX membershipByContact ON membership (contact);
                CREATE TABLE subgroup (
                    parent TEXT NOT NULL, child TEXT NOT NULL, PRIMARY KEY (parent, child)) WITHOUT ROWID;
                CREATE TABLE app (bundleIdentifier TEXT PRIMARY KEY, status INTEGER NOT NULL) WITHOUT ROWID;
                CREATE TABLE permission (
                    bundleIdentifier TEXT NOT NULL, contact TEXT NOT NULL, PRIMARY KEY (bundleIdentifier, contact)) WITHOUT ROWID;
                CREATE TABLE historyCommit (
                    sequence INTEGER PRIMARY KEY, author TEXT, origin INTEGER, notifiedApps TEXT NOT NULL);
                CREATE TABLE historyEvent (
                    sequence INTEGER NOT NULL, position INTEGER NOT NULL, kind INTEGER NOT NULL,
                    first TEXT NOT NULL, second TEXT, PRIMARY KEY (sequence, position)) WITHOUT ROWID;
                """)
        }
        return migrator
    }
}
