import ContactCore

/// SPEC 3 (authorization), the Settings rules of SPEC 3–4, and the pickers of SPEC 9 and 9b.
extension ReferenceModel {
    /// `requestAccess()`: asks the person once, from `notDetermined` only.
    mutating func requestAccess(_ app: Int) -> Observation {
        guard apps[app].hasUsageDescription else { return .failed(ErrorSnapshot(.missingUsageDescription)) }
        guard apps[app].status == .notDetermined else { return .granted(grantsAccess(app)) }
        guard let answer = promptAnswer else { return .failed(ErrorSnapshot(.authorizationDenied)) }
        promptsShown.append(apps[app].bundleIdentifier)
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
            apps[app].permitted.formUnion(existing(adding))
            apps[app].permitted.subtract(existing(removing))
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

    private mutating func setAccess(_ app: Int, _ status: AuthorizationStatus, permitted: Set<RecordID> = []) {
        apps[app].status = status
        apps[app].permitted = status == .limited ? permitted : []
    }

    /// The access picker: only for `limited`; reports the contacts that became newly
    /// accessible, in the order the person added them, less those removed again.
    mutating func presentAccessPicker(_ app: Int, adding: [String], removing: [String]) -> Observation {
        guard apps[app].status == .limited else { return .identifiers([]) }
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
