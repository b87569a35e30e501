import ContactCore

/// SPEC 1b: a person's answer is given outside any lock and lands later, on the state it
/// finds then. These are the instants of a call that shows a prompt, after the prompt.
extension Model {
    /// The person's answer to a full prompt lands: applied only if the app is still `notDetermined`.
    package mutating func landAnswer(_ answer: AccessAnswer, app: Int) -> Bool {
        if apps[app].status == .notDetermined {
            switch answer {
            case .deny: setApp(app, App(status: .denied))
            case .allowFull: setApp(app, App(status: .authorized))
            case .allowLimited(let chosen): setApp(app, App(status: .limited, permitted: existing(chosen)))
            }
        }
        return apps[app].status.grantsAccess
    }

    /// The rows a tap approves, read at one instant (SPEC 8), or why the tap ends there.
    package func tapApproves(app: Int, _ tap: Tap) -> Result<[String], TapEnd> {
        let status = apps[app].status
        guard status == .limited || status == .notDetermined else { return .failure(TapEnd(.notShown)) }
        guard tap.validated else { return .failure(TapEnd(.unvalidated)) }
        guard Self.isLegible(tap) else { return .failure(TapEnd(.illegible)) }
        let rows = buttonRows(app: app, tap)
        let approved: [String] = switch rows.count {
        case 0: []
        case 1: [rows[0].id]
        default: rows.map(\.id).filter(Set(tap.picks.map { rows[$0 % rows.count].id }).contains)
        }
        return approved.isEmpty ? .failure(TapEnd(.declined)) : .success(approved)
    }

    /// A tap's result that ends it before its approval lands.
    package struct TapEnd: Error {
        package var result: TapResult
        init(_ result: TapResult) { self.result = result }
    }

    /// A limited app's approval lands: the approved contacts that still exist and are not yet
    /// permitted join its set; an app no longer limited declines.
    package mutating func landApproval(_ approved: [String], app: Int) -> TapResult {
        guard apps[app].status == .limited else { return .declined }
        let granted = approved.filter { contact($0) != nil && !apps[app].permitted.contains($0) }
        guard !granted.isEmpty else { return .declined }
        var record = apps[app]
        record.permitted.formUnion(granted)
        setApp(app, record, origin: app)
        return .approved(granted)
    }

    /// The answer to the simplified prompt lands, if the app is still `notDetermined`: limited
    /// with the approved contacts that still exist.
    package mutating func landSimplifiedAnswer(_ approved: [String], app: Int) -> TapResult {
        guard apps[app].status == .notDetermined, let answer else { return .declined }
        if answer == .deny {
            setApp(app, App(status: .denied), origin: app)
            return .declined
        }
        let granted = approved.filter { contact($0) != nil }
        setApp(app, App(status: .limited, permitted: Set(granted)), origin: app)
        return granted.isEmpty ? .declined : .approved(granted)
    }
}
