/// One app's view of the device's contacts (Apple's `CNContactStore`).
///
/// Everything a store returns is filtered by the app's status: nothing before access is
/// granted, the permitted set under `limited`, everything under `authorized`. A contact the
/// app may not see behaves exactly like one that does not exist, in every result and error.
///
/// The first read or write of an app whose status is `notDetermined` asks the person, as
/// Apple's framework does; see ``requestAccess()``.
public final class ContactStore: Sendable {
    /// Internal on purpose: the device is the person's side (Settings, the prompt, the
    /// access button's view); an app holding only its store cannot reach it.
    let device: ContactDevice
    public let app: AppConfiguration
    /// Distinguishes this store from other stores of the same app, for notifications.
    public let instanceIdentifier: UInt64

    init(device: ContactDevice, app: AppConfiguration, instanceIdentifier: UInt64) {
        self.device = device
        self.app = app
        self.instanceIdentifier = instanceIdentifier
    }

    var bundleIdentifier: String { app.bundleIdentifier }

    /// The app's current status (Apple's `authorizationStatus(for: .contacts)`).
    public var authorizationStatus: AuthorizationStatus { device.authorizationStatus(for: bundleIdentifier) }

    /// Asks the person for access, once; returns whether the app may now read contacts.
    ///
    /// From `notDetermined` the person sees the prompt with the app's usage description and
    /// answers through the device's prompt responder: a refusal is `false`, not an error.
    /// Later calls never prompt again; they report the current status. `restricted` and
    /// `denied` return `false`.
    ///
    /// - Throws: ``ContactError/Code/missingUsageDescription`` if the app declares no usage
    ///   description (nothing is shown); ``ContactError/Code/authorizationDenied`` if no
    ///   prompt responder is installed (the status stays `notDetermined`).
    @discardableResult
    public func requestAccess() throws(ContactError) -> Bool {
        try requestAccessNow()
    }

    /// ``requestAccess()`` as Apple's `requestAccess(for:)` is called from Swift concurrency.
    ///
    /// The person's answer comes from the device's prompt responder, synchronously; the
    /// caller waits for it like any other suspension point.
    @discardableResult
    public func requestAccess() async throws(ContactError) -> Bool {
        try requestAccessNow()
    }

    private func requestAccessNow() throws(ContactError) -> Bool {
        guard let usage = app.usageDescription, !usage.isEmpty else {
            throw ContactError(.missingUsageDescription,
                               "\(bundleIdentifier) declares no contacts usage description; the system shows no prompt.")
        }
        return try device.promptLock.withLock { _ throws(ContactError) in
            let status = authorizationStatus
            guard status == .notDetermined else { return status.grantsAccess }
            guard let responder = device.promptResponder else {
                throw ContactError(.authorizationDenied, "No one answered the access prompt.")
            }
            // The person answers outside the state lock: a responder may look at the device.
            let answer = responder(AccessPrompt(bundleIdentifier: bundleIdentifier, usageDescription: usage, kind: .full))
            return try apply(answer)
        }
    }

    /// Applies the person's answer to the prompt, if the app is still `notDetermined`.
    private func apply(_ answer: AccessAnswer) throws(ContactError) -> Bool {
        try device.state.withLock { (state) throws(ContactError) in
            guard state.app(bundleIdentifier).status == .notDetermined else {
                return state.app(bundleIdentifier).status.grantsAccess
            }
            let record: AppRecord = switch answer {
            case .deny: AppRecord(status: .denied)
            case .allowFull: AppRecord(status: .authorized)
            case .allowLimited(let chosen):
                AppRecord(status: .limited, permitted: Set(chosen.compactMap(state.existingContactIdentifier)))
            }
            try state.setApp(record, for: bundleIdentifier, origin: nil)
            return record.status.grantsAccess
        }
    }

    /// Runs `body` on the device state once the app has access, prompting first from
    /// `notDetermined`. The single gate of every read and write.
    func withAccess<T>(_ body: (inout DeviceState, AppRecord) throws(ContactError) -> T) throws(ContactError) -> T {
        if authorizationStatus == .notDetermined { _ = try requestAccessNow() }
        return try device.state.withLock { (state) throws(ContactError) -> T in
            let record = state.app(bundleIdentifier)
            guard record.status.grantsAccess else { throw .authorizationDenied }
            return try body(&state, record)
        }
    }

    /// Checks that the app may read every one of `keys`.
    func checkReadable(_ keys: [ContactKey]) throws(ContactError) -> ContactKeySet {
        let set = ContactKeySet(keys)
        if set.contains(.note) && !app.hasNotesEntitlement {
            throw ContactError(.unauthorizedKeys, "Reading the note needs the notes entitlement.", affectedKeys: [.note])
        }
        return set
    }
}
