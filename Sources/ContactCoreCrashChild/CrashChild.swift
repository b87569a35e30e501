import ContactCore
import ContactCoreSQLite
import Foundation

/// The side log: one line per acknowledged commit, written with `write(2)` (no buffering in
/// the process, so a kill right after the call loses nothing the call acknowledged).
struct CrashSideLog {
    let handle: FileHandle

    init(path: String) {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { fatalError("cannot open the side log \(path)") }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    func acknowledge(_ line: String) {
        handle.write(Data((line + "\n").utf8))
    }
}

/// The loop: round by round, one save (adds a contact named after the round, updates the one
/// before), one Settings change (the limited app's set becomes the last contacts) and one
/// access-picker grant (the picker app gains the new contact).
enum CrashChild {
    static let writer = AppConfiguration(bundleIdentifier: "crash.writer", usageDescription: "crash test")
    static let limited = AppConfiguration(bundleIdentifier: "crash.limited", usageDescription: "crash test")
    static let picker = AppConfiguration(bundleIdentifier: "crash.picker", usageDescription: "crash test")

    static func run(database: String, log: CrashSideLog) throws {
        let device = try ContactDevice.open(databaseAt: database, options: ContactDatabaseOptions(seed: 7, identity: 7))
        if device.authorizationStatus(for: writer.bundleIdentifier) != .authorized {
            try device.applySettings(.allowFull, to: writer.bundleIdentifier)
            log.acknowledge("settings \(writer.bundleIdentifier) full")
        }
        if device.authorizationStatus(for: picker.bundleIdentifier) != .limited {
            try device.applySettings(.allowLimited([]), to: picker.bundleIdentifier)
            log.acknowledge("settings \(picker.bundleIdentifier) limited")
        }
        let store = device.store(for: writer)
        let pickerStore = device.store(for: picker)
        // Rounds continue after a restart from the number of contacts there are.
        var round = device.allContactIdentifiers.count
        while true {
            round += 1
            var request = SaveRequest(transactionAuthor: "round \(round)")
            var contact = MutableContact()
            contact.givenName = "Round\(round)"
            contact.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber("+1 555 \(round)"))]
            let reference = request.add(contact)
            if let previous = device.allContactIdentifiers.last {
                var update = try store.unifiedContact(withIdentifier: previous, keysToFetch: [.familyName]).mutableCopy()
                update.familyName = "Updated\(round)"
                request.update(update)
            }
            let result = try store.execute(request)
            let added = result.identifier(for: reference) ?? ""
            log.acknowledge("save \(round) \(added)")

            let recent = Set(device.allContactIdentifiers.suffix(3))
            try device.applySettings(.allowLimited(recent), to: limited.bundleIdentifier)
            log.acknowledge("settings \(limited.bundleIdentifier) \(recent.sorted().joined(separator: ","))")

            device.setPickerResponder { _ in AccessPickerSelection(adding: [added]) }
            let granted = try pickerStore.presentContactAccessPicker()
            log.acknowledge("grant \(picker.bundleIdentifier) \(granted.joined(separator: ","))")
        }
    }
}
