/// What the person does in the access picker: contacts to share with the app and contacts
/// to stop sharing. The picker shows the whole device to the person, whatever the app sees.
public struct AccessPickerSelection: Hashable, Sendable {
    public var adding: [String]
    public var removing: [String]

    public init(adding: [String] = [], removing: [String] = []) {
        self.adding = adding
        self.removing = removing
    }
}

extension ContactStore {
    /// Presents the contact access picker (SwiftUI's `contactAccessPicker`) and applies the
    /// person's choices, which the device's ``ContactDevice/setPickerResponder(_:)`` makes,
    /// to the permitted set.
    ///
    /// Returns only the identifiers that became newly accessible, in the order the person
    /// added them: never those the app already had, and nothing about removed ones. Any
    /// status but `limited` shows no picker and returns an empty list. Identifiers that name
    /// no contact are ignored.
    ///
    /// - Throws: only on a persistent device whose database cannot be written; the
    ///   permitted set then stays as it was.
    public func presentContactAccessPicker() throws(ContactError) -> [String] {
        guard authorizationStatus == .limited else { return [] }
        // The person chooses outside the lock: a choice may look at the device.
        let selection = device.personChooses(.accessPicker, for: bundleIdentifier)
        return try device.state.withLock { (state) throws(ContactError) in
            var record = state.app(bundleIdentifier)
            guard record.status == .limited else { return [] }
            var newlyGranted: [String] = []
            for identifier in selection.adding {
                guard let stored = state.existingContactIdentifier(identifier) else { continue }
                if record.permitted.insert(stored).inserted { newlyGranted.append(stored) }
            }
            for identifier in selection.removing {
                guard let stored = state.existingContactIdentifier(identifier) else { continue }
                record.permitted.remove(stored)
                newlyGranted.removeAll { $0 == stored }
            }
            try state.setApp(record, for: bundleIdentifier, origin: instanceIdentifier)
            return newlyGranted
        }
    }
}
