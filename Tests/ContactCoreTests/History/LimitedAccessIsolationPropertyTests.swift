import ContactCore
import ContactCoreTesting
import PropertyBased
import Testing

/// SPEC 4 and 10–11's no-side-channel rule: whatever happens to contacts a limited app
/// cannot see leaves every history fetch, token, count and notification of that app
/// exactly as it would have been.
@Suite("SPEC 4, 10, 11 — a limited app learns nothing of contacts outside its set")
struct LimitedAccessIsolationPropertyTests {
    /// What the limited app can observe after each step.
    struct Observation: Hashable {
        let history: ChangeHistory
        let token: HistoryToken
        let count: Int
        let view: AppView
    }

    @Test func changesOutsideThePermittedSetAreInvisible() async throws {
        // Hidden steps: 0 rename, 1 delete, 2 add to a group, 3 remove from a group; then the contact and group.
        let hiddenSteps = zip(Gen.int(in: 0...3), Gen.int(in: 0...2), Gen.int(in: 0...7)).array(of: 0...40)
        await propertyCheck(count: 40, input: Gen.uint8().array(of: 0...60), hiddenSteps) { script, hidden in
            var quiet = HistoryDevice()
            var busy = HistoryDevice()
            let unlisted = try quiet.addUnlistedContacts(3)
            #expect(try busy.addUnlistedContacts(3) == unlisted)
            let quietChanges = quiet.limited.changes()
            let busyChanges = busy.limited.changes()
            var quietSeen: [Observation] = []
            var busySeen: [Observation] = []
            var pending = hidden[...]
            for action in HistoryScript(decoding: script).actions {
                quiet.perform(action)
                busy.perform(action)
                if let (kind, contact, group) = pending.popFirst() {
                    Self.hiddenStep(kind, unlisted[contact], group: group, on: busy)
                }
                quietSeen.append(try Self.observe(quiet.limited))
                busySeen.append(try Self.observe(busy.limited))
            }
            #expect(quietSeen == busySeen)
            #expect(await Self.drain(quietChanges, marker: &quiet) == Self.drain(busyChanges, marker: &busy))
        }
    }

    /// A change by the full app to a contact the limited app was never given.
    static func hiddenStep(_ kind: Int, _ contact: String, group index: Int, on device: HistoryDevice) {
        var request = SaveRequest(transactionAuthor: "hidden")
        let groups = device.groups
        switch kind {
        case 0:
            var edit = MutableContact()
            edit.givenName = "Hidden\(index)"
            request.updateContact(.saved(contact), with: edit)
        case 1:
            request.deleteContact(.saved(contact))
        default:
            guard !groups.isEmpty else { return }
            let group = groups[index % groups.count]
            if kind == 2 {
                request.addMember(.saved(contact), to: .saved(group))
            } else {
                request.removeMember(.saved(contact), from: .saved(group))
            }
        }
        _ = try? device.full.execute(request)
    }

    static func observe(_ store: ContactStore) throws -> Observation {
        let request = ChangeHistoryFetchRequest(
            startingToken: .limitedAccess, includeGroupChanges: true, additionalContactKeys: [.givenName, .familyName])
        return Observation(
            history: try store.changeHistory(for: request), token: try store.currentHistoryToken,
            count: try store.contacts(for: ContactFetchRequest(keysToFetch: [])).count,
            view: try AppView(of: store, keys: [.givenName], includeGroups: true))
    }

    /// Every notification so far, ended by a marker commit the app sees.
    static func drain(_ stream: AsyncStream<ContactStoreChange>, marker device: inout HistoryDevice) async -> [ContactStoreChange] {
        device.perform(.init(.addContact, by: .limitedApp, author: "marker"))
        var received: [ContactStoreChange] = []
        for await change in stream {
            if change.transactionAuthor == "marker" && change.isFromCurrentStore { break }
            received.append(change)
        }
        return received
    }
}
