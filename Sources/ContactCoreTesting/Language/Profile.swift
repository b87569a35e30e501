/// What a fuzz target's opcode bytes mean: the operations it draws, each as often as it is
/// listed. Every target reads the one format; the profile only weighs it.
package struct Profile: Hashable, Sendable {
    package enum Kind: Hashable, Sendable, CaseIterable {
        case request, settings, restrict, save, editFetched, fetch, fetchOne, history, accessPicker, button
    }

    package let kinds: [Kind]
    /// The save steps a step byte picks, each as often as listed, for a program of version 2
    /// (kinds 0–9) and of version 4 (0–11); `nil`: each kind once (`Fuzz/FORMAT.md`).
    package let steps: Steps?

    package struct Steps: Hashable, Sendable {
        let plain: [UInt8]
        let device: [UInt8]
    }

    /// Whether every program starts with a crowd (``DeviceSetup/crowd``), its size picked by
    /// header bytes 1 and 2 (``DeviceSetup/crowdSizes``).
    package let crowds: Bool

    init(kinds: [Kind], steps: Steps? = nil, crowds: Bool = false) {
        self.kinds = kinds
        self.steps = steps
        self.crowds = crowds
    }

    /// The step kind `byte` picks.
    func stepKind(_ byte: UInt8, device: Bool) -> UInt8 {
        guard let steps else { return byte % (device ? 12 : 10) }
        let table = device ? steps.device : steps.plain
        return table[Int(byte) % table.count]
    }

    /// Everything, evenly: the property tests and `FuzzPermittedSet`.
    package static let everything = Profile(kinds: Kind.allCases)
    /// Search, on a large store: `FuzzLargeStores` (``search``'s operations, so its dictionary's
    /// records read alike).
    package static let largeStores = Profile(kinds: search.kinds, crowds: true)
    /// Identifier questions: adds, deletes, permitted sets, and fetches by identifier.
    package static let identifiers = Profile(kinds: [.save, .save, .settings, .fetchOne, .fetchOne, .fetch, .fetch,
                                                      .accessPicker, .editFetched])
    /// Search: contacts with boundary names and numbers, name/phone/email fetches, the button.
    package static let search = Profile(kinds: [.save, .save, .fetch, .fetch, .fetch, .button, .button, .settings])
    /// History: saves touching objects repeatedly, authors, tokens, access changes.
    package static let history = Profile(kinds: [.save, .save, .save, .history, .history, .history, .settings,
                                                  .editFetched, .request])
    /// Notifications: interleaved writers of several apps and the person's changes.
    package static let notifications = Profile(kinds: [.save, .save, .settings, .request, .accessPicker, .button,
                                                        .restrict, .editFetched])
    /// Races: every operation, weighted to the calls that read shared state in more than one
    /// instant (prompts, Settings and restrictions, saves, the button, the pickers, history).
    /// Its saves update and delete existing contacts three times as often as they would, so
    /// that a branch's write meets another branch's read or grant of the same contact.
    package static let races = Profile(kinds: [.request, .request, .settings, .settings, .restrict, .restrict, .restrict, .save, .save,
                                                .editFetched, .fetch, .fetchOne, .history, .history, .accessPicker,
                                                .accessPicker, .button, .button],
                                       steps: Steps(plain: [0, 1, 2, 2, 2, 3, 3, 3, 4, 5, 6, 7, 8, 9],
                                               device: [0, 1, 2, 2, 2, 3, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11]))
}
