import ContactCore

/// A short life of one device, decoded from bytes, two per action: what the property tests
/// generate and the fuzzers mutate, so both run every line of decoding and checking.
///
/// Byte 1 of an action: bits 0–3 the step, bits 4–5 the transaction author, bits 6–7 the
/// writer (the limited app when both are set, else the full app). Byte 2: two record
/// indices, low nibble first; bit 4 also picks a variant of some steps. Indices count the
/// records the script created, deleted ones included, modulo how many there are; a step
/// whose records do not exist (yet) does nothing.
struct HistoryScript: Hashable, Sendable {
    enum Writer: Hashable, Sendable {
        case fullApp, limitedApp
    }

    enum Step: Hashable, Sendable {
        case addContact
        case updateContact(Int)
        case deleteContact(Int)
        /// One request that adds a contact and then edits it: one add with the final values.
        case addThenUpdate
        /// One request that adds a contact and deletes it: nothing to notify or report.
        case addThenDelete
        /// One request that edits and then deletes a contact: one delete.
        case updateThenDelete(Int)
        case addGroup
        case renameGroup(Int)
        case deleteGroup(Int)
        case addMember(contact: Int, group: Int)
        case removeMember(contact: Int, group: Int)
        case addSubgroup(child: Int, parent: Int)
        case removeSubgroup(child: Int, parent: Int)
        /// The person shares a contact with the limited app in Settings.
        case share(Int)
        /// The person stops sharing a contact with the limited app.
        case unshare(Int)
        /// The person lets the limited app keep exactly one contact, in Settings.
        case limitTo(Int)
    }

    struct Action: Hashable, Sendable {
        var step: Step
        var writer: Writer
        var author: String?

        init(_ step: Step, by writer: Writer = .fullApp, author: String? = nil) {
            self.step = step
            self.writer = writer
            self.author = author
        }
    }

    /// The transaction authors an action can name; `nil` is a save without one.
    static let authors: [String?] = [nil, "sync", "import", "ui"]

    var actions: [Action]

    init(_ actions: [Action]) { self.actions = actions }

    /// Two bytes per action; a trailing odd byte is ignored.
    init(decoding bytes: some Sequence<UInt8>) {
        let bytes = Array(bytes)
        actions = stride(from: 0, to: bytes.count - 1, by: 2).map { Self.action(bytes[$0], bytes[$0 + 1]) }
    }

    private static func action(_ code: UInt8, _ indices: UInt8) -> Action {
        let first = Int(indices & 0x0F)
        let second = Int(indices >> 4)
        let variant = second & 1 == 1
        let step: Step = switch code & 0x0F {
        case 0: .addContact
        case 1: variant ? .addThenUpdate : .addContact
        case 2: .updateContact(first)
        case 3: variant ? .updateThenDelete(first) : .deleteContact(first)
        case 4: .addThenDelete
        case 5: .addGroup
        case 6: variant ? .renameGroup(first) : .addGroup
        case 7: variant ? .deleteGroup(first) : .addMember(contact: first, group: second)
        case 8, 9: .addMember(contact: first, group: second)
        case 10: .removeMember(contact: first, group: second)
        case 11, 12: .addSubgroup(child: first, parent: second)
        case 13: .removeSubgroup(child: first, parent: second)
        case 14: variant ? .unshare(first) : .share(first)
        default: .limitTo(first)
        }
        return Action(step, by: code & 0xC0 == 0xC0 ? .limitedApp : .fullApp,
                      author: authors[Int(code >> 4) & 0x03])
    }

    /// The bytes that decode to these actions (indices above 15 wrap), for corpora.
    var encoded: [UInt8] {
        actions.flatMap { action -> [UInt8] in
            func pair(_ a: Int, _ b: Int = 0) -> UInt8 { UInt8(a & 0x0F) | UInt8(b & 0x0F) << 4 }
            let (code, indices): (UInt8, UInt8) = switch action.step {
            case .addContact: (0, 0)
            case .addThenUpdate: (1, pair(0, 1))
            case .updateContact(let index): (2, pair(index))
            case .deleteContact(let index): (3, pair(index))
            case .updateThenDelete(let index): (3, pair(index, 1))
            case .addThenDelete: (4, 0)
            case .addGroup: (5, 0)
            case .renameGroup(let index): (6, pair(index, 1))
            case .deleteGroup(let index): (7, pair(index, 1))
            case .addMember(let contact, let group): (8, pair(contact, group))
            case .removeMember(let contact, let group): (10, pair(contact, group))
            case .addSubgroup(let child, let parent): (11, pair(child, parent))
            case .removeSubgroup(let child, let parent): (13, pair(child, parent))
            case .share(let index): (14, pair(index))
            case .unshare(let index): (14, pair(index, 1))
            case .limitTo(let index): (15, pair(index))
            }
            let author = UInt8(Self.authors.firstIndex(of: action.author) ?? 0)
            return [code | (author & 0x03) << 4 | (action.writer == .limitedApp ? 0xC0 : 0), indices]
        }
    }
}
