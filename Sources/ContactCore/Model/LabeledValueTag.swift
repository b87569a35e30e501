/// A ``LabeledValue``'s identifier and label behind one reference: 8 bytes instead of 32.
///
/// Most values the library holds are unsaved (an import, an edit) and carry a label of Apple's
/// table or none: those share one tag per label, made once, so they allocate nothing. A custom
/// label, or any identifier, gets a tag of its own. Immutable: changing either makes a new tag.
///
/// A plain class reference on purpose. An enum of an inline label number and boxes packs its
/// case into the spare bits of the box's address, and LeakSanitizer, which looks for plain
/// addresses, reported every box held only that way (the fuzzers' cached devices) as leaked.
final class LabeledValueTag: Equatable, Sendable {
    let identifier: String
    let label: ContactLabel?

    private init(identifier: String, label: ContactLabel?) {
        self.identifier = identifier
        self.label = label
    }

    /// The tag of an identifier and a label: a shared one for an unsaved value with no label
    /// or a label of ``ContactLabel/known``.
    static func make(identifier: String, label: ContactLabel?) -> LabeledValueTag {
        guard identifier.isEmpty else { return LabeledValueTag(identifier: identifier, label: label) }
        guard let label else { return shared[0] }
        return ContactLabel.number(of: label).map { shared[Int($0)] } ?? LabeledValueTag(identifier: "", label: label)
    }

    /// The unsaved tags: no label, then each label of ``ContactLabel/known`` at its number.
    private static let shared = [LabeledValueTag(identifier: "", label: nil)]
        + ContactLabel.known.map { LabeledValueTag(identifier: "", label: $0) }

    static func == (lhs: LabeledValueTag, rhs: LabeledValueTag) -> Bool {
        lhs === rhs || (lhs.identifier == rhs.identifier && lhs.label == rhs.label)
    }
}

extension ContactLabel {
    /// The labels a ``LabeledValue`` keeps as a number: Apple's standard labels and the other
    /// labels Apple's apps write (fax, relations). Append only: the order is the numbering.
    static let known: [ContactLabel] = standard + [
        ContactLabel(rawValue: "_$!<OtherFAX>!$_"),
        ContactLabel(rawValue: "_$!<Spouse>!$_"), ContactLabel(rawValue: "_$!<Child>!$_"),
        ContactLabel(rawValue: "_$!<Parent>!$_"), ContactLabel(rawValue: "_$!<Friend>!$_"),
        ContactLabel(rawValue: "_$!<Partner>!$_"), ContactLabel(rawValue: "_$!<Assistant>!$_"),
        ContactLabel(rawValue: "_$!<Manager>!$_"), ContactLabel(rawValue: "_$!<Mother>!$_"),
        ContactLabel(rawValue: "_$!<Father>!$_"), ContactLabel(rawValue: "_$!<Brother>!$_"),
        ContactLabel(rawValue: "_$!<Sister>!$_"), ContactLabel(rawValue: "_$!<Son>!$_"),
        ContactLabel(rawValue: "_$!<Daughter>!$_"),
    ]

    private static let numbers: [String: UInt8] = Dictionary(
        known.enumerated().map { ($0.element.rawValue, UInt8($0.offset + 1)) }, uniquingKeysWith: { first, _ in first })

    /// The label's number in ``known`` (from 1), or `nil` for any other text.
    static func number(of label: ContactLabel) -> UInt8? {
        // Every known label but two starts with "_$!<"; a custom label rarely does.
        let text = label.rawValue
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || first == UInt8(ascii: "i") else { return nil }
        return numbers[text]
    }
}
