import ContactCore

/// The fetch options a history check varies, decoded from one byte.
///
/// Bit 0: include group changes; bit 1: unify results; bits 2–3: which
/// ``keyChoices``; bit 4: exclude author "sync"; bit 5: exclude author "import".
/// Bits 6–7 are unused and must be zero, so old inputs keep their meaning.
struct HistoryOptions: Hashable, Sendable {
    static let keyChoices: [[ContactKey]] = [[], [.givenName], [.givenName, .familyName], [.familyName, .emailAddresses]]

    var keys: [ContactKey]
    var includeGroupChanges: Bool
    var shouldUnifyResults: Bool
    var excludedAuthors: [String]

    init(
        keys: [ContactKey] = [.givenName, .familyName], includeGroupChanges: Bool = true,
        shouldUnifyResults: Bool = true, excludedAuthors: [String] = []
    ) {
        self.keys = keys
        self.includeGroupChanges = includeGroupChanges
        self.shouldUnifyResults = shouldUnifyResults
        self.excludedAuthors = excludedAuthors
    }

    /// `nil` when an unused bit is set.
    init?(flags: UInt8) {
        guard flags & 0xC0 == 0 else { return nil }
        var excluded: [String] = []
        if flags & 0x10 != 0 { excluded.append("sync") }
        if flags & 0x20 != 0 { excluded.append("import") }
        self.init(keys: Self.keyChoices[Int(flags >> 2) & 0x03], includeGroupChanges: flags & 0x01 != 0,
                  shouldUnifyResults: flags & 0x02 != 0, excludedAuthors: excluded)
    }

    /// The byte ``init(flags:)`` reads back.
    var flags: UInt8 {
        var flags: UInt8 = includeGroupChanges ? 0x01 : 0
        if shouldUnifyResults { flags |= 0x02 }
        flags |= UInt8(Self.keyChoices.firstIndex(of: keys) ?? 0) << 2
        if excludedAuthors.contains("sync") { flags |= 0x10 }
        if excludedAuthors.contains("import") { flags |= 0x20 }
        return flags
    }

    func request(since token: HistoryToken?, excluding excluded: [String]? = nil) -> ChangeHistoryFetchRequest {
        ChangeHistoryFetchRequest(
            startingToken: token, shouldUnifyResults: shouldUnifyResults, includeGroupChanges: includeGroupChanges,
            excludedTransactionAuthors: excluded ?? excludedAuthors, additionalContactKeys: keys)
    }

    /// The app's view as a fetch with these options reports it.
    func view(of store: ContactStore) throws(ContactError) -> AppView {
        try AppView(of: store, keys: keys, includeGroups: includeGroupChanges)
    }
}
