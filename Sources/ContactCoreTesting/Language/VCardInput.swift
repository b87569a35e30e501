import ContactCore

/// One FuzzVCard input: a vCard file, the limits to read it under, and what to export.
package struct VCardInput: Hashable, Sendable {
    package var file: [UInt8]
    /// Small limits make the limits' paths (too many cards, properties, too long a line) reachable.
    package var smallLimits: Bool
    /// The keys each read contact carries when exported; `nil` for all.
    package var keys: [ContactKey]?
    package var exportVersion: VCardVersion
    /// Text an app sets, before the export, as each read contact's given name and note and the
    /// user name of a social profile it adds (a parameter): values no read gives, such as a
    /// lone CR or a NUL.
    package var appText: String?

    package init(file: [UInt8], smallLimits: Bool = false, keys: [ContactKey]? = nil, exportVersion: VCardVersion = .v3_0,
                 appText: String? = nil) {
        self.file = file
        self.smallLimits = smallLimits
        self.keys = keys
        self.exportVersion = exportVersion
        self.appText = appText
    }

    package var limits: VCardLimits { smallLimits ? VCardCheck.smallLimits : VCardCheck.limits }

    /// The bytes that stand for this input exactly (``VCardText/explicitHeader``).
    package var bytes: [UInt8] {
        let mask = keys.map { keys in ContactKey.allCases.enumerated().reduce(UInt32(0)) { keys.contains($1.element) ? $0 | 1 << $1.offset : $0 } }
        let maskBytes = (0..<4).map { UInt8(truncatingIfNeeded: (mask ?? 0) >> (8 * $0)) }
        let flags: UInt8 = (smallLimits ? 1 : 0) | (exportVersion == .v4_0 ? 2 : 0) | (keys == nil ? 0 : 4) | (appText == nil ? 0 : 8)
        let text = appText.map { [UInt8(min($0.utf8.count, 255))] + $0.utf8.prefix(255) } ?? []
        return [VCardText.explicitHeader, flags] + maskBytes + text + file
    }
}
