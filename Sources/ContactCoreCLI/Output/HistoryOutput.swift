import ContactCore
import Foundation

/// A history fetch's events and token, for people and for scripts.
enum HistoryOutput {
    /// `{"events": [...], "fullSyncReason": "noToken" | null, "token": "<base64>"}`; each event
    /// has a `type` (the case name of ``ContactCore/ChangeHistoryEvent``) and its fields.
    static func json(_ history: ChangeHistory) -> JSON {
        .object([
            "events": .array(history.events.map(json)),
            "fullSyncReason": .optional(history.fullSyncReason.map { "\($0)" }),
            "token": .string(Data(history.currentToken.bytes).base64EncodedString()),
        ])
    }

    static func json(_ event: ChangeHistoryEvent) -> JSON {
        func group(_ group: ContactGroup) -> JSON {
            .object(["identifier": .string(group.identifier), "name": .string(group.name),
                     "containerIdentifier": .string(group.containerIdentifier)])
        }
        let (type, fields): (String, [String: JSON]) = switch event {
        case .dropEverything: ("dropEverything", [:])
        case .addContact(let contact, let container):
            ("addContact", ["contact": ContactOutput.json(contact), "containerIdentifier": .string(container)])
        case .updateContact(let contact): ("updateContact", ["contact": ContactOutput.json(contact)])
        case .deleteContact(let identifier): ("deleteContact", ["identifier": .string(identifier)])
        case .addGroup(let value): ("addGroup", ["group": group(value)])
        case .updateGroup(let value): ("updateGroup", ["group": group(value)])
        case .deleteGroup(let identifier): ("deleteGroup", ["identifier": .string(identifier)])
        case .addMember(let contact, let group):
            ("addMember", ["contactIdentifier": .string(contact), "groupIdentifier": .string(group)])
        case .removeMember(let contact, let group):
            ("removeMember", ["contactIdentifier": .string(contact), "groupIdentifier": .string(group)])
        case .addSubgroup(let group, let parent):
            ("addSubgroup", ["groupIdentifier": .string(group), "parentIdentifier": .string(parent)])
        case .removeSubgroup(let group, let parent):
            ("removeSubgroup", ["groupIdentifier": .string(group), "parentIdentifier": .string(parent)])
        }
        return .object(fields.merging(["type": .string(type)]) { $1 })
    }

    /// A row per event (type, identifier, what it says), then the full-sync reason and the token.
    static func table(_ history: ChangeHistory) -> [String] {
        var table = Table(header: ["event", "identifier", "detail"])
        table.rows = history.events.map { event in
            switch event {
            case .dropEverything: ["dropEverything", "", ""]
            case .addContact(let contact, _): ["addContact", contact.identifier, ContactOutput.displayName(of: contact)]
            case .updateContact(let contact): ["updateContact", contact.identifier, ContactOutput.displayName(of: contact)]
            case .deleteContact(let identifier): ["deleteContact", identifier, ""]
            case .addGroup(let group): ["addGroup", group.identifier, group.name]
            case .updateGroup(let group): ["updateGroup", group.identifier, group.name]
            case .deleteGroup(let identifier): ["deleteGroup", identifier, ""]
            case .addMember(let contact, let group): ["addMember", contact, "in group \(group)"]
            case .removeMember(let contact, let group): ["removeMember", contact, "from group \(group)"]
            case .addSubgroup(let group, let parent): ["addSubgroup", group, "in group \(parent)"]
            case .removeSubgroup(let group, let parent): ["removeSubgroup", group, "from group \(parent)"]
            }
        }
        var lines = table.lines
        if let reason = history.fullSyncReason { lines.append("full sync: \(reason)") }
        lines.append("token: " + Data(history.currentToken.bytes).base64EncodedString())
        return lines
    }
}
