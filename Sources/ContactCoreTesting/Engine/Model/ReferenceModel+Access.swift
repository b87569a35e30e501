import ContactCore

/// SPEC 3 (authorization), the Settings rules of SPEC 3–4, and the pickers of SPEC 9 and 9b.
extension ReferenceModel {
    /// `requestAccess()`: asks the person once, from `notDetermined` only.
    mutating func requestAccess(_ app: Int) -> Observation {
        guard apps[app].hasUsageDescription else { return .failed(ErrorSnapshot(.missingUsageDescription)) }
        guard apps[app].status == .notDetermined else { return .granted(grantsAccess(app)) }
        guard let answer = promptAnswer else { return .failed(ErrorSnapshot(.authorizationDenied)) }
        promptsShown.append(ShownPrompt(bundleIdentifier: apps[app].bundleIdentifier, approved: nil))
        switch answer {
        case .deny: setAccess(app, .denied)
        case .allowFull: setAccess(app, .authorized)
        case .allowLimited(let chosen): setAccess(app, .limited, permitted: existing(chosen))
        }
        return .granted(grantsAccess(app))
    }

    /// The gate every read and write passes: the prompt first from `notDetermined`, then
    /// `authorizationDenied` unless the app is limited or authorized.
    mutating func gate(_ app: Int) -> ErrorSnapshot? {
        if apps[app].status == .notDetermined, case .failed(let error) = requestAccess(app) { return error }
        return grantsAccess(app) ? nil : ErrorSnapshot(.authorizationDenied)
    }

    /// A Settings change. A restricted app cannot be changed; only a limited app has a P to edit.
    mutating func applySettings(_ app: Int, _ change: SettingsChange) -> Observation {
        guard apps[app].status != .restricted else { return .failed(ErrorSnapshot(.policyViolation)) }
        switch change {
        case .allowFull: setAccess(app, .authorized)
        case .allowLimited(let chosen): setAccess(app, .limited, permitted: existing(chosen))
        case .deny: setAccess(app, .denied)
        case .editPermittedSet(let adding, let removing):
            guard apps[app].status == .limited else { return .failed(ErrorSnapshot(.policyViolation)) }
            let before = apps[app]
            apps[app].permitted.formUnion(existing(adding))
            apps[app].permitted.subtract(existing(removing))
            noticeAccessChange(of: app, from: before, origin: nil)
        }
        return .done
    }

    /// Device policy: restricting clears access; lifting returns a restricted app to `notDetermined`.
    mutating func setRestricted(_ app: Int, _ restricted: Bool) -> Observation {
        if restricted {
            setAccess(app, .restricted)
        } else if apps[app].status == .restricted {
            setAccess(app, .notDetermined)
        }
        return .done
    }

    /// Sets the app's standing; a change is a commit that notifies the app.
    private mutating func setAccess(_ app: Int, _ status: AuthorizationStatus, permitted: Set<RecordID> = [], origin: Int? = nil) {
        let before = apps[app]
        apps[app].status = status
        apps[app].permitted = status == .limited ? permitted : []
        noticeAccessChange(of: app, from: before, origin: origin)
    }

    /// A tap on the access button (SPEC 8), given the rows the person saw (which contacts
    /// match a query is SPEC 7's business; the runner checks the rows lie outside P). Shown
    /// only for `limited` and `notDetermined`; a synthesized or illegible tap counts for
    /// nothing; one row is approved by the tap, several by the person's picks. From
    /// `notDetermined` the simplified prompt decides: deny makes the app `denied`, anything
    /// else `limited` with exactly the approved contacts. The app learns only what was granted.
    mutating func tapAccessButton(_ app: Int, rows: [RecordID], picked: [RecordID], validated: Bool, legible: Bool) -> Observation {
        let status = apps[app].status
        guard status == .limited || status == .notDetermined else { return .refused("not shown (.\(status))") }
        guard validated else { return .refused("unvalidated event") }
        guard legible else { return .refused("illegible") }
        let approved = rows.count == 1 ? rows : rows.filter(picked.contains)
        guard !approved.isEmpty else { return .refused("declined") }
        if status == .limited {
            let granted = approved.filter { contacts[$0] != nil && !apps[app].permitted.contains($0) }
            guard !granted.isEmpty else { return .refused("declined") }
            setAccess(app, .limited, permitted: apps[app].permitted.union(granted), origin: app)
            return .identifiers(granted)
        }
        guard apps[app].hasUsageDescription else { return .refused("prompt failed: missingUsageDescription") }
        guard let answer = promptAnswer else { return .refused("prompt failed: authorizationDenied") }
        promptsShown.append(ShownPrompt(bundleIdentifier: apps[app].bundleIdentifier, approved: approved))
        if answer == .deny {
            setAccess(app, .denied, origin: app)
            return .refused("declined")
        }
        let granted = approved.filter { contacts[$0] != nil }
        setAccess(app, .limited, permitted: Set(granted), origin: app)
        return granted.isEmpty ? .refused("declined") : .identifiers(granted)
    }

    /// The access picker: only for `limited`; reports the contacts that became newly
    /// accessible, in the order the person added them, less those removed again.
    mutating func presentAccessPicker(_ app: Int, adding: [String], removing: [String]) -> Observation {
        guard apps[app].status == .limited else { return .identifiers([]) }
        let before = apps[app]
        defer { noticeAccessChange(of: app, from: before, origin: app) }
        var newlyGranted: [RecordID] = []
        for contact in adding.map(RecordID.init) where contacts[contact] != nil && !apps[app].permitted.contains(contact) {
            apps[app].permitted.insert(contact)
            newlyGranted.append(contact)
        }
        for contact in removing.map(RecordID.init) where contacts[contact] != nil {
            apps[app].permitted.remove(contact)
            newlyGranted.removeAll { $0 == contact }
        }
        return .identifiers(newlyGranted)
    }

    /// The one-time contact picker: any status, the person's choice of any contact, once each,
    /// carrying only `keys`; status and P stay as they are.
    func presentContactPicker(_ app: Int, chosen: [String], keys: [ContactKey]) -> Observation {
        if let error = unreadable(keys, by: app) { return .failed(error) }
        var seen: Set<RecordID> = []
        let picked = chosen.map(RecordID.init).filter { contacts[$0] != nil && seen.insert($0).inserted }
        return .contacts(picked.compactMap { snapshot(of: $0, keys: keys) })
    }

    /// The note needs the notes entitlement, whatever else happens.
    func unreadable(_ keys: [ContactKey], by app: Int) -> ErrorSnapshot? {
        keys.contains(.note) && !apps[app].hasNotesEntitlement ? ErrorSnapshot(.unauthorizedKeys) : nil
    }
}
