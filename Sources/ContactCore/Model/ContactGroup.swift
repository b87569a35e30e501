/// A named group of contacts (Apple's `CNGroup`). Groups can hold contacts and other groups.
public struct ContactGroup: Hashable, Sendable, Identifiable, Codable {
    public let identifier: String
    public let name: String
    /// The container the group lives in.
    public let containerIdentifier: String

    public var id: String { identifier }

    /// An editable copy, for ``SaveRequest/update(_:)-group``.
    public func mutableCopy() -> MutableGroup {
        var group = MutableGroup(name: name)
        group.identifier = identifier
        return group
    }
}

/// A group you are creating or renaming. Saving an empty name is `validationConfigurationError`.
public struct MutableGroup: Hashable, Sendable {
    /// The saved group this edits, or `nil` for a group that was never saved.
    public internal(set) var identifier: String?
    public var name: String

    public init(name: String) {
        self.identifier = nil
        self.name = name
    }
}

/// Where contacts and groups are stored: the device itself or an account (Apple's `CNContainer`).
public struct ContactContainer: Hashable, Sendable, Identifiable, Codable {
    /// The kind of account behind a container.
    public enum Kind: Int, Hashable, Sendable, CaseIterable, Codable {
        case local, exchange, cardDAV
    }

    public let identifier: String
    public let name: String
    public let kind: Kind

    public var id: String { identifier }
}
