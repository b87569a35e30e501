import ContactCore

/// The full app's view after each commit of a ``HistoryDevice``, indexed by sequence number,
/// with what each commit changed and the events fetched right after it: the record every
/// history check compares a later fetch with.
public struct HistoryCheckpoint: Sendable {
    public let token: HistoryToken
    /// The commit's transaction author; `nil` for setup, Settings, or a save without one.
    public let author: String?
    /// The full app's view with the trace's options.
    public let view: AppView
    /// What the commit changed in the full app's complete view (all written keys, groups).
    public let changed: Set<AppView.Key>
    /// The events since the previous checkpoint, fetched just after this commit.
    public let stepEvents: [ChangeHistoryEvent]
}

public struct HistoryTrace: Sendable {
    /// The keys and groups that show every change a script makes.
    static let completeOptions = HistoryOptions(keys: [.givenName, .familyName], includeGroupChanges: true)

    public private(set) var device: HistoryDevice
    public let options: HistoryOptions
    public let historyLimit: Int
    /// Checkpoint `n` is the state after commit `n`; setup's commits hold empty views.
    public private(set) var checkpoints: [HistoryCheckpoint] = []
    /// Broken rules seen while recording: a token that did not move by exactly one per
    /// commit, a change without a commit.
    public private(set) var violations: [String] = []
    private var complete = AppView()

    public init(options: HistoryOptions, historyLimit: Int = 1_000, seed: UInt64 = HistoryDevice.seed) {
        device = HistoryDevice(seed: seed, historyLimit: historyLimit)
        self.options = options
        self.historyLimit = historyLimit
        for sequence in 0...HistoryDevice.setupCommits {
            checkpoints.append(HistoryCheckpoint(
                token: Self.token(sequence, seed: seed), author: nil, view: AppView(), changed: [], stepEvents: []))
        }
        if (try? device.full.currentHistoryToken) != checkpoints.last?.token {
            violations.append("after setup the token is not that of commit \(HistoryDevice.setupCommits)")
        }
    }

    /// The token a device with `seed` gives for commit `sequence`, built by the token encoder.
    public static func token(_ sequence: UInt64, seed: UInt64 = HistoryDevice.seed) -> HistoryToken {
        HistoryToken(.commit(store: HistoryToken.storeIdentity(seed: seed), sequence: sequence))
    }

    public var lastSequence: UInt64 { UInt64(checkpoints.count - 1) }
    public var now: HistoryCheckpoint { checkpoints[checkpoints.count - 1] }

    /// The commit whose token has exactly these bytes, if any.
    public func sequence(of token: HistoryToken) -> UInt64? {
        checkpoints.firstIndex { $0.token == token }.map(UInt64.init)
    }

    public mutating func run(_ script: HistoryScript) {
        for action in script.actions { perform(action) }
    }

    /// Plays one action and records the commit it made, if any.
    public mutating func perform(_ action: HistoryScript.Action) {
        let before = now
        device.perform(action)
        do {
            let token = try device.full.currentHistoryToken
            let complete = try Self.completeOptions.view(of: device.full)
            let changed = complete.changedKeys(comparedWith: self.complete)
            if token == before.token {
                if !changed.isEmpty { violations.append("\(action) changed \(changed) without a commit") }
                return
            }
            if token != Self.token(lastSequence + 1, seed: device.seed) {
                violations.append("\(action): the token is not that of the next commit")
            }
            let view = options == Self.completeOptions ? complete : try options.view(of: device.full)
            let step = try device.full.changeHistory(for: options.request(since: before.token, excluding: []))
            if step.fullSyncReason != nil { violations.append("\(action): a one-commit fetch was a full sync") }
            let isSettings = switch action.step {
            case .share, .unshare, .limitTo: true
            default: false
            }
            self.complete = complete
            checkpoints.append(HistoryCheckpoint(
                token: token, author: isSettings ? nil : action.author, view: view, changed: changed,
                stepEvents: step.events))
        } catch {
            violations.append("\(action): the full app failed to read: \(error)")
        }
    }
}
