extension ContactStore {
    /// Presents the one-time contact picker (Apple's `CNContactPickerViewController`) and
    /// returns a snapshot of the contacts the person chose (through the device's
    /// ``ContactDevice/setPickerResponder(_:)``), carrying only `keys`.
    ///
    /// Works at every status, because the person, not the app, reads the device here. It
    /// never prompts and never changes the status or the permitted set: the snapshot's
    /// identifiers do not make later fetches succeed. Identifiers that name no contact are
    /// skipped; a contact chosen twice comes back once.
    ///
    /// - Throws: ``ContactError/Code/unauthorizedKeys`` for the note without the entitlement.
    public func presentContactPicker(keys: [ContactKey]) throws(ContactError) -> [Contact] {
        let keySet = try checkReadable(keys)
        let chosen = device.personChooses(.contactPicker, for: bundleIdentifier).adding
        return device.state.withLock { state in
            var seen = Set<String>()
            return chosen.compactMap { identifier in
                guard let stored = state.existingContactIdentifier(identifier), seen.insert(stored).inserted,
                      let contact = state.contacts[stored]
                else { return nil }
                return Contact(identifier: stored, contactType: contact.contactType, fields: contact.fields, keys: keySet)
            }
        }
    }
}
