/// What a history fetch asks for (Apple's `CNChangeHistoryFetchRequest`).
public struct ChangeHistoryFetchRequest: Hashable, Sendable {
    /// Where the app last stopped; `nil` asks for a full sync.
    public var startingToken: HistoryToken?
    /// Whether contacts come back unified. ContactCore never links contacts, so both
    /// answers are the same; the option is kept so code written for Apple's API reads the same.
    public var shouldUnifyResults: Bool
    /// Whether events about groups, group membership and subgroups come back.
    public var includeGroupChanges: Bool
    /// Leaves out objects that only these authors changed since the token (as an app skips
    /// its own writes). An object that another author changed too comes back with its net
    /// change, which may include what the excluded authors did.
    public var excludedTransactionAuthors: [String]
    /// The keys that added and updated contacts carry, besides identifier and contact type.
    /// The note needs the notes entitlement, as it does in every fetch.
    public var additionalContactKeys: [ContactKey]

    public init(
        startingToken: HistoryToken? = nil,
        shouldUnifyResults: Bool = true,
        includeGroupChanges: Bool = false,
        excludedTransactionAuthors: [String] = [],
        additionalContactKeys: [ContactKey] = []
    ) {
        self.startingToken = startingToken
        self.shouldUnifyResults = shouldUnifyResults
        self.includeGroupChanges = includeGroupChanges
        self.excludedTransactionAuthors = excludedTransactionAuthors
        self.additionalContactKeys = additionalContactKeys
    }
}
