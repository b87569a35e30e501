import ContactCore
import Dispatch
import Foundation
import Synchronization

/// `FuzzChangeOrdering`: writers on several threads save at once while observers of two apps
/// listen; then every observer's notifications and the change history are checked against
/// what the writers committed. Traps on the first broken rule.
///
/// Input: byte 0 picks the device seed; byte 1 the number of writers (2–8); every further
/// byte is one operation of writer `index % writers` (so writers interleave), whose low two
/// bits choose add, update, delete, or add-then-delete in one request, and whose high bits
/// choose which of the writer's own contacts. Writer 0 is the limited app; the others are
/// separate stores of a full-access app. At most ``maximumOperations`` bytes are read.
///
/// Every commit carries a unique transaction author, so the checks are:
/// - each full-access observer is told of every commit exactly once, and no other;
/// - each writer's commits arrive in the order the writer made them, and every observer
///   agrees on one total order;
/// - the limited app is told of exactly its own commits (full writers' contacts are outside
///   its permitted set), in that same order;
/// - `isFromCurrentStore` is true exactly for the observing store's own commits;
/// - a commit that changes nothing (add then delete) notifies no one;
/// - the full app's change history since the start replays onto its first view to give its
///   view now.
public enum ChangeOrderingFuzz {
    public static let maximumOperations = 48
    static let fullApp = AppConfiguration(bundleIdentifier: "dev.contactcore.ordering.full", usageDescription: "Sync")
    static let limitedApp = AppConfiguration(bundleIdentifier: "dev.contactcore.ordering.limited", usageDescription: "Friends")

    public static func run(_ data: [UInt8]) {
        if let problem = check(data) { fatalError("FuzzChangeOrdering: \(problem)") }
    }

    /// The first broken rule, or `nil`. Blocks the calling thread while the observers drain:
    /// for libFuzzer's thread; tests use the `async` form.
    public static func check(_ data: [UInt8]) -> String? {
        let result = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let problem = await check(data)
            result.withLock { $0 = problem }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }

    /// The first broken rule, or `nil`.
    public static func check(_ data: [UInt8]) async -> String? {
        var reader = ByteReader(data)
        let device = ContactDevice(seed: UInt64(reader.byte()))
        let writerCount = 2 + reader.index(below: 7)
        let operations = reader.bytes(upTo: maximumOperations)
        do {
            try device.applySettings(.allowFull, to: fullApp.bundleIdentifier)
            try device.applySettings(.allowLimited([]), to: limitedApp.bundleIdentifier)
        } catch {
            return "setting up the apps failed: \(error)"
        }
        let writers = (0..<writerCount).map { device.store(for: $0 == 0 ? limitedApp : fullApp) }
        let observer = device.store(for: fullApp)
        let start: HistoryToken
        let firstView: AppView
        do {
            start = try observer.currentHistoryToken
            firstView = try AppView(of: observer, keys: [.givenName], includeGroups: false)
        } catch {
            return "reading the start failed: \(error)"
        }

        let heard = [
            Heard(observer), Heard(writers[1]), Heard(writers[0]),
        ]
        let plans = (0..<writerCount).map { writer in
            operations.enumerated().filter { $0.offset % writerCount == writer }.map(\.element)
        }
        let committed = Mutex([[String]](repeating: [], count: writerCount))
        DispatchQueue.concurrentPerform(iterations: writerCount) { writer in
            let authors = Writer(index: writer, store: writers[writer]).perform(plans[writer])
            committed.withLock { $0[writer] = authors }
        }
        let commits = committed.withLock { $0 }

        // A last commit everyone may see marks the end: what arrives before it is all there is.
        let marker = "marker"
        var request = SaveRequest(transactionAuthor: marker)
        var contact = MutableContact()
        contact.givenName = marker
        request.add(contact)
        do { try writers[0].execute(request) } catch { return "the marker commit failed: \(error)" }
        var streams: [[ContactStoreChange]] = []
        for listener in heard {
            let changes = await listener.collect(until: marker)
            guard changes.last?.transactionAuthor == marker else {
                return "\(listener.name) never heard the marker; it heard \(changes.map { $0.transactionAuthor ?? "nil" })"
            }
            streams.append(changes.dropLast().map { $0 })
        }
        return checkNotifications(streams, commits: commits)
            ?? checkHistory(observer, since: start, from: firstView)
    }

    private static func checkNotifications(_ streams: [[ContactStoreChange]], commits: [[String]]) -> String? {
        let everyCommit = Set(commits.joined())
        let fullOrder = streams[0].map { $0.transactionAuthor ?? "nil" }
        guard fullOrder.count == everyCommit.count, Set(fullOrder) == everyCommit else {
            return "the full app heard \(fullOrder), expected each of \(commits.map { $0 }) once"
        }
        for (writer, authors) in commits.enumerated() where fullOrder.filter(authors.contains) != authors {
            return "writer \(writer) committed \(authors) but the full app heard them as \(fullOrder.filter(authors.contains))"
        }
        let writerOrder = streams[1].map { $0.transactionAuthor ?? "nil" }
        guard writerOrder == fullOrder else {
            return "two stores of the full app disagree on the order: \(fullOrder) vs \(writerOrder)"
        }
        let own = Set(commits[1])
        if let wrong = streams[1].first(where: { $0.isFromCurrentStore != own.contains($0.transactionAuthor ?? "") }) {
            return "isFromCurrentStore is \(wrong.isFromCurrentStore) for \(wrong.transactionAuthor ?? "nil")"
        }
        if let wrong = streams[0].first(where: \.isFromCurrentStore) {
            return "a store that made no commit was told \(wrong.transactionAuthor ?? "nil") was its own"
        }
        let limitedOrder = streams[2].map { $0.transactionAuthor ?? "nil" }
        guard limitedOrder == fullOrder.filter(Set(commits[0]).contains) else {
            return "the limited app heard \(limitedOrder); its own commits in order are \(fullOrder.filter(Set(commits[0]).contains))"
        }
        return nil
    }

    private static func checkHistory(_ store: ContactStore, since start: HistoryToken, from firstView: AppView) -> String? {
        do {
            let history = try store.changeHistory(for: ChangeHistoryFetchRequest(startingToken: start, additionalContactKeys: [.givenName]))
            let now = try AppView(of: store, keys: [.givenName], includeGroups: false)
            let replayed = try firstView.replaying(history.events)
            return replayed == now ? nil : "replaying \(history.events.count) events does not give the view now"
        } catch {
            return "history check failed: \(error)"
        }
    }
}

/// One writer's thread: saves decoded from its bytes, each with a unique author.
private struct Writer {
    let index: Int
    let store: ContactStore

    /// The authors of the commits that changed something, in the order they were made.
    func perform(_ operations: [UInt8]) -> [String] {
        var own: [String] = []
        var committed: [String] = []
        for (step, operation) in operations.enumerated() {
            let author = "w\(index).\(step)"
            var request = SaveRequest(transactionAuthor: author)
            var contact = MutableContact()
            contact.givenName = author
            let target = own.isEmpty ? nil : own[Int(operation >> 2) % own.count]
            var changes = true
            var added: SaveRequest.ContactReference?
            switch operation & 3 {
            case 0:
                added = request.add(contact)
            case 1:
                guard let target else { continue }
                request.updateContact(.saved(target), with: contact)
            case 2:
                guard let target else { continue }
                request.deleteContact(.saved(target))
            default:
                request.deleteContact(request.add(contact))
                changes = false
            }
            guard let result = try? store.execute(request) else { continue }
            if let added, let identifier = result.identifier(for: added) { own.append(identifier) }
            if operation & 3 == 2, let target { own.removeAll { $0 == target } }
            if changes { committed.append(author) }
        }
        return committed
    }
}

/// One store's notifications, from its creation on.
private struct Heard: Sendable {
    let name: String
    private let changes: AsyncStream<ContactStoreChange>

    init(_ store: ContactStore) {
        name = "\(store.app.bundleIdentifier)#\(store.instanceIdentifier)"
        changes = store.changes()
    }

    /// Everything heard up to and including `author`'s commit; what was heard by then if it
    /// does not come within five seconds.
    func collect(until author: String) async -> [ContactStoreChange] {
        let changes = self.changes
        return await withTaskGroup(of: [ContactStoreChange]?.self) { group in
            group.addTask {
                var heard: [ContactStoreChange] = []
                for await change in changes {
                    heard.append(change)
                    if change.transactionAuthor == author { break }
                }
                return heard
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }
}
