import ContactCore

/// The apps the tool acts as: their configuration, and the rule that an app must be known.
enum Apps {
    /// The usage description of an app the command line gives none: the tool is the app, and
    /// the person's scripted answer does not read it.
    static let defaultUsageDescription = "Finds the people you know."

    static func configuration(_ bundleIdentifier: String, notesEntitlement: Bool, usage: String? = nil) -> AppConfiguration {
        AppConfiguration(bundleIdentifier: bundleIdentifier, usageDescription: usage ?? defaultUsageDescription,
                         hasNotesEntitlement: notesEntitlement)
    }

    /// Throws ``ToolError/Code/unknownApp`` unless the device has a record of the app: every
    /// command but `app request` and `app button` acts only as an app that has asked for
    /// access, so a misspelt bundle identifier is an error, not a new app that sees nothing.
    static func requireKnown(_ bundleIdentifier: String, on device: ContactDevice, path: String) throws(ToolError) {
        let known = device.knownBundleIdentifiers
        guard !known.contains(bundleIdentifier) else { return }
        let list = known.isEmpty ? "none has asked yet" : "known: " + known.joined(separator: ", ")
        throw ToolError(.unknownApp, "No app \(bundleIdentifier) on \(path) (\(list)); an app appears with "
            + "`contactcore app request \(path) --app \(bundleIdentifier) --answer …`.")
    }
}
