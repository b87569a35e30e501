import ContactCore

/// How ``ContactCore/ContactDevice/open(databaseAt:options:)`` opens a database file.
///
/// The device settings (`seed`, `identity`, `defaultSortOrder`, `historyLimit`) apply only when
/// the file is created; an existing database keeps the ones it was created with, since its
/// identifiers, tokens and history already depend on them.
public struct ContactDatabaseOptions: Hashable, Sendable {
    /// How hard a commit waits for the disk before the call returns.
    public enum Durability: Hashable, Sendable {
        /// SQLite `synchronous=FULL`: a commit that returned survives a power loss, not only a
        /// killed process. The default.
        case full
        /// SQLite `synchronous=NORMAL`: a commit that returned survives a killed process (the
        /// operating system keeps the write-ahead log); the last commits before a power loss
        /// may be lost, never half of one. Faster: no `fsync` per commit.
        case processCrash
    }

    public var seed: UInt64
    public var identity: UInt64?
    public var defaultSortOrder: SortOrder
    public var historyLimit: Int
    /// Opens the file without writing to it: reads work, every commit throws
    /// ``ContactCore/ContactError/Code/storageReadOnly``. A file that does not exist is not created.
    public var readOnly: Bool
    public var durability: Durability
    /// Whether opening computes each contact's search keys as it reads the contact, on a
    /// second thread, so that the first search only sorts them into the index: at a million
    /// contacts, about 1 s instead of 3 s. They take about 540 B a contact until that search; a
    /// process that never searches by name, phone or email turns this off. The default is `true`.
    public var prepareSearchIndex: Bool

    public init(seed: UInt64 = 0, identity: UInt64? = nil, defaultSortOrder: SortOrder = .givenName,
                historyLimit: Int = 100_000, readOnly: Bool = false, durability: Durability = .full,
                prepareSearchIndex: Bool = true) {
        self.seed = seed
        self.identity = identity
        self.defaultSortOrder = defaultSortOrder
        self.historyLimit = historyLimit
        self.readOnly = readOnly
        self.durability = durability
        self.prepareSearchIndex = prepareSearchIndex
    }
}
