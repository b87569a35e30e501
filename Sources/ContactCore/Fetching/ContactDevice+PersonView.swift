extension ContactDevice {
    /// What the person sees in the Contacts app: the contacts a request selects among all of
    /// the device's, carrying the keys asked for, the note included.
    ///
    /// The person needs no access and no entitlement, so this never prompts, never throws
    /// ``ContactError/Code/unauthorizedKeys`` and commits nothing. It is a host's view beside
    /// the apps' (the `contactcore` tool reads as the person with it); an app reads only
    /// through its ``ContactStore``.
    ///
    /// - Throws: ``ContactError/Code/predicateInvalid`` for a predicate no store accepts.
    package func personContacts(for request: ContactFetchRequest) throws(ContactError) -> [Contact] {
        let keys = ContactKeySet(request.keysToFetch)
        let query = try PreparedPredicate(request.predicate)
        return state.withLock { state in
            // The person's search covers the whole device: it builds the index if need be.
            if query.usesSearchIndex { state.prepareSearchIndex() }
            let scope = AppScope(state, AppRecord(status: .authorized))
            return Array(scope.snapshot(of: query.orderedSelection(in: scope, by: request.sortOrder), keys: keys))
        }
    }

    /// Every group, in insertion order, as the Contacts app lists them.
    package var personGroups: [ContactGroup] {
        state.withLock { state in
            state.groups.sorted { $0.value.serial < $1.value.serial }.map {
                ContactGroup(identifier: $0.key, name: $0.value.name, containerIdentifier: $0.value.containerIdentifier)
            }
        }
    }

    /// The bundle identifiers the device holds a record of, sorted: every app that was asked
    /// for access or that Settings or device policy changed, as Settings lists them. An app
    /// missing here has never dealt with contacts on this device.
    package var knownBundleIdentifiers: [String] {
        state.withLock { $0.apps.keys.sorted() }
    }
}
