/// A ``LabeledValue``'s identifier and label in 8 bytes instead of 32.
///
/// Most values the library holds are unsaved (an import, an edit) and carry a standard label
/// or none: those keep the label's number in the table of Apple's labels, with no allocation.
/// A custom label, or any identifier, lives in an immutable box. The form is canonical (a
/// label of the table is always its number, an empty identifier is never boxed), but equality
/// still compares what the accessors return, so it cannot depend on the form.
enum LabeledValueTag: Equatable, Sendable {
    case unsaved(Label)
    case saved(Saved)

    /// A label in 8 bytes: a number in ``ContactLabel/known`` (0 for none) or a box.
    enum Label: Equatable, Sendable {
        case known(UInt8)
        case custom(Custom)

        init(_ label: ContactLabel?) {
            if let label {
                if let number = ContactLabel.number(of: label) {
                    self = .known(number)
                } else {
                    self = .custom(Custom(label))
                }
            } else {
                self = .known(0)
            }
        }

        var label: ContactLabel? {
            switch self {
            case .known(let number): number == 0 ? nil : ContactLabel.known[Int(number) - 1]
            case .custom(let box): box.label
            }
        }

        static func == (lhs: Label, rhs: Label) -> Bool {
            if case .known(let left) = lhs, case .known(let right) = rhs { return left == right }
            return lhs.label == rhs.label
        }
    }

    /// A label outside the table of known labels.
    final class Custom: Sendable {
        let label: ContactLabel
        init(_ label: ContactLabel) { self.label = label }
    }

    /// A saved value's identifier beside its label.
    final class Saved: Sendable {
        let identifier: String
        let label: Label
        init(identifier: String, label: Label) {
            self.identifier = identifier
            self.label = label
        }
    }

    init(identifier: String, label: ContactLabel?) {
        self.init(identifier: identifier, label: Label(label))
    }

    init(identifier: String, label: Label) {
        self = identifier.isEmpty ? .unsaved(label) : .saved(Saved(identifier: identifier, label: label))
    }

    var identifier: String {
        switch self {
        case .unsaved: ""
        case .saved(let box): box.identifier
        }
    }

    var labelTag: Label {
        switch self {
        case .unsaved(let label): label
        case .saved(let box): box.label
        }
    }

    var label: ContactLabel? { labelTag.label }

    static func == (lhs: LabeledValueTag, rhs: LabeledValueTag) -> Bool {
        switch (lhs, rhs) {
        case (.unsaved(let left), .unsaved(let right)): left == right
        case (.saved(let left), .saved(let right)):
            left === right || (left.identifier == right.identifier && left.label == right.label)
        default: lhs.identifier == rhs.identifier && lhs.label == rhs.label
        }
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
