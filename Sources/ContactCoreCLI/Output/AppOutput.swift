import ContactCore

/// Apps as Settings shows them: status and permitted set, with the permitted contacts' names.
enum AppOutput {
    /// `{"bundleIdentifier", "status", "permitted": [identifiers, sorted]}`, with `extra` members.
    static func json(_ bundleIdentifier: String, on device: ContactDevice, adding extra: [String: JSON] = [:]) -> JSON {
        .object([
            "bundleIdentifier": .string(bundleIdentifier),
            "status": .string("\(device.authorizationStatus(for: bundleIdentifier))"),
            "permitted": .array(device.permittedIdentifiers(for: bundleIdentifier).sorted().map(JSON.string)),
        ].merging(extra) { $1 })
    }

    /// A row per app: its status and how many contacts it may see under limited access.
    static func table(_ bundleIdentifiers: [String], on device: ContactDevice) -> [String] {
        var table = Table(header: ["app", "status", "permitted"])
        table.rows = bundleIdentifiers.map { app in
            let status = device.authorizationStatus(for: app)
            return [app, "\(status)", status == .limited ? "\(device.permittedIdentifiers(for: app).count)" : ""]
        }
        return table.lines
    }

    /// One app's row, then the contacts it may see under limited access, by name.
    static func detail(_ bundleIdentifier: String, on device: ContactDevice) -> [String] {
        var lines = table([bundleIdentifier], on: device)
        let permitted = device.permittedIdentifiers(for: bundleIdentifier).sorted()
        if !permitted.isEmpty {
            lines += [""] + contacts(permitted, on: device)
        }
        return lines
    }

    /// The contacts as the person sees them: identifier and name, in the device's order.
    static func contacts(_ identifiers: [String], on device: ContactDevice) -> [String] {
        let found = (try? device.personContacts(for: ContactFetchRequest(
            predicate: .identifiers(identifiers), keysToFetch: ContactOutput.nameKeys, sortOrder: .userDefault))) ?? []
        var table = Table(header: ["identifier", "name"])
        table.rows = found.map { [$0.identifier, ContactOutput.displayName(of: $0)] }
        return table.lines
    }
}
