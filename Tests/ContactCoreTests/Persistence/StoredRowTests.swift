import ContactCoreSQLite
import Foundation
import GRDB
import Testing
@testable import ContactCore

/// SPEC 13: opening reads each contact's row and labeled values column by column; every value
/// comes back exactly, and a row no device writes is `storageCorrupt`.
@Suite("SPEC 13 — contact rows read back exactly or refused")
struct StoredRowTests {
    /// More distinct labels than the reader keeps at once, some holding a NUL (stored as a
    /// blob), in two containers taken in turn: each contact must keep its own.
    @Test func manyLabelsAndContainersReadBackExactly() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let device = try ContactDevice.open(databaseAt: database.path, options: TemporaryDatabase.options)
        try device.applySettings(.allowFull, to: ReopenTests.writer.bundleIdentifier)
        let work = try device.addContainer(name: "Work", kind: .exchange)
        var request = SaveRequest()
        for index in 0..<60 {
            var contact = MutableContact()
            contact.givenName = "P\(index)"
            let label: ContactLabel = index % 7 == 0 ? .custom("nul\u{0}\(index % 20)") : .custom("label \(index % 20)")
            contact.phoneNumbers = [LabeledValue(label: label, value: PhoneNumber("+1 555 \(index)")), LabeledValue(label: .mobile, value: "2")]
            contact.emailAddresses = [LabeledValue(label: index % 2 == 0 ? .work : nil, value: "p\(index)@example.com")]
            _ = request.add(contact, toContainerWithIdentifier: index % 2 == 0 ? work.identifier : nil)
        }
        _ = try device.store(for: ReopenTests.writer).execute(request)
        let before = device.image
        device.close()
        let reopened = try ContactDevice.open(databaseAt: database.path, options: TemporaryDatabase.options)
        defer { reopened.close() }
        #expect(reopened.image == before, "\(before.difference(from: reopened.image))")
        let labels = Set(reopened.image.contacts.flatMap { $0.labeledValues.compactMap(\.label) })
        #expect(labels.count == 20 + 9 + 2)  // "label 0"…"label 19", 9 with a NUL, mobile and work
    }

    /// One edit of a valid file's rows, which opening must refuse.
    @Test(arguments: [
        "UPDATE labeledValue SET property = 'nickname' WHERE property = 'phoneNumbers' AND position = 1",
        "UPDATE labeledValue SET property = 'faxNumbers' WHERE property = 'emailAddresses'",
        "UPDATE labeledValue SET position = 2 WHERE property = 'phoneNumbers' AND position = 1",
        "DELETE FROM labeledValue WHERE property = 'phoneNumbers' AND position = 0",
        "UPDATE labeledValue SET identifier = '' WHERE property = 'urlAddresses'",
        "UPDATE labeledValue SET value = '{' WHERE property = 'postalAddresses'",
        "UPDATE contact SET contactType = 7 WHERE serial = (SELECT MAX(serial) FROM contact)",
        "UPDATE contact SET container = 'nowhere' WHERE serial = (SELECT MIN(serial) FROM contact)",
        "UPDATE contact SET birthday = 'x' WHERE serial = (SELECT MIN(serial) FROM contact)",
        "UPDATE labeledValue SET contactSerial = 999999 WHERE property = 'dates' AND contactSerial = (SELECT MIN(serial) FROM contact)",
        // Serials are unique across contacts and groups and at most the device's next serial.
        "UPDATE contactGroup SET serial = (SELECT MIN(serial) FROM contact)",
        "UPDATE contact SET serial = serial + 1000000 WHERE serial = (SELECT MAX(serial) FROM contact)",
    ])
    func aRowNoDeviceWritesIsCorrupt(_ edit: String) throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try BadDatabaseTests.validDatabase(database)
        let queue = try DatabaseQueue(path: database.path)
        let changed = try queue.write { db in
            try db.execute(sql: edit)
            return db.changesCount
        }
        try queue.close()
        #expect(changed > 0)
        #expect(BadDatabaseTests.openError(database.path)?.code == .storageCorrupt)
    }
}
