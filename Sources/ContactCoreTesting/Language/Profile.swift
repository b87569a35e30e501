/// What a fuzz target's opcode bytes mean: the operations it draws, each as often as it is
/// listed. Every target reads the one format; the profile only weighs it.
package struct Profile: Hashable, Sendable {
    package enum Kind: Hashable, Sendable, CaseIterable {
        case request, settings, restrict, save, editFetched, fetch, fetchOne, history, accessPicker, button
    }

    package let kinds: [Kind]

    /// Everything, evenly: the property tests and `FuzzPermittedSet`.
    package static let everything = Profile(kinds: Kind.allCases)
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
    package static let races = Profile(kinds: [.request, .request, .settings, .settings, .restrict, .restrict, .save, .save,
                                                .editFetched, .fetch, .fetchOne, .history, .history, .accessPicker,
                                                .accessPicker, .button, .button])
}
