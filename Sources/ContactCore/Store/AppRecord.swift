/// One app's standing with the device: its status and permitted set.
struct AppRecord: Hashable, Sendable {
    var status: AuthorizationStatus = .notDetermined
    /// The permitted set P; empty unless `status == .limited`.
    var permitted: Set<String> = []
}
