import ContactCore
import Synchronization

/// Runs a ``Scenario`` on a real ``ContactCore/ContactDevice`` and on the ``ReferenceModel``
/// side by side, comparing every result, and checking the invariants after every step.
///
/// It stops at the first disagreement and reports it as a ``ScenarioFailure`` carrying the
/// steps so far as a Swift program. Both fuzz targets and the property tests run through here.
public enum ScenarioRunner {
    /// The full-access app whose name and phone search results the model restricts to what
    /// each app may see (the matching rules themselves are SPEC 7, tested elsewhere).
    static let searcherBundleIdentifier = "dev.contactcore.searcher"

    /// Runs without printing, and on a failure runs again printing the program: formatting
    /// every step would cost more than checking it. Notifications are read after the run,
    /// once the device is gone and every app's stream has ended.
    public static func run(_ scenario: Scenario) -> ScenarioReport {
        let first = execute(scenario, printing: false)
        let violation = first.report.failure == nil ? first.notifications.check(first.notifications.received()) : nil
        guard first.report.failure != nil || violation != nil else { return first.report }
        let second = execute(scenario, printing: true)
        return explain(first, second, violation == nil ? nil : second.notifications.check(second.notifications.received()))
    }

    /// Runs the operations; the device goes when the run does, which ends the notification streams.
    private static func execute(_ scenario: Scenario, printing: Bool) -> Execution {
        var run = ScenarioRun(scenario, printing: printing)
        let report = run.execute()
        return Execution(report: report, notifications: run.notificationCheck())
    }

    private struct Execution {
        let report: ScenarioReport
        let notifications: NotificationCheck
    }

    /// The failure of the second, printing run (runs are deterministic, so it fails the same
    /// way as the first); if it does not, that is a failure of its own.
    private static func explain(_ first: Execution, _ second: Execution, _ notificationViolation: Violation?) -> ScenarioReport {
        if second.report.failure != nil { return second.report }
        var report = second.report
        if let notificationViolation {
            report.failure = second.notifications.failure(notificationViolation, step: report.operationsRun)
            return report
        }
        let failure = first.report.failure
        report.failure = ScenarioFailure(
            rule: "determinism", step: failure?.step ?? report.operationsRun,
            detail: "\(failure.map { "\($0.rule) broke (\($0.detail))" } ?? "the notifications differed"), "
                + "but not when the same scenario ran again",
            program: "")
        return report
    }
}

/// What running a scenario showed.
public struct ScenarioReport: Sendable {
    /// The first broken rule, if any.
    public var failure: ScenarioFailure?
    /// Situations the scenario reached, for corpus selection and for checking that generated
    /// inputs reach the interesting cases at all.
    public var features: Set<ScenarioFeature>
    public var operationsRun: Int
}

/// A broken rule, with the program that shows it.
public struct ScenarioFailure: Error, Sendable, CustomStringConvertible {
    /// The rule, in SPEC's words: "privacy", "permitted set", "identifier fetch", …
    public let rule: String
    /// 1-based number of the operation that broke it.
    public let step: Int
    public let detail: String
    /// The scenario up to the failure as a Swift snippet.
    public let program: String

    public var description: String {
        "Scenario breaks \(rule) at operation \(step): \(detail)\n\n\(program)"
    }
}

/// Situations worth reaching. Seeds of the corpus are chosen to cover each.
public enum ScenarioFeature: String, CaseIterable, Hashable, Sendable {
    /// A limited app created a contact (it must join the app's P).
    case limitedAppCreated
    /// The access picker granted contacts.
    case pickerGranted
    /// The access picker was given a contact already in P (not newly granted).
    case pickerRegranted
    /// A fetch, update or delete of a contact that exists but is hidden failed as missing.
    case hiddenContactRefused
    /// A save deleting a contact that exists but is hidden failed as missing.
    case hiddenDeleteRefused
    /// A limited app listed a group that has members it cannot see.
    case hiddenGroupMemberFiltered
    /// A Settings edit of a permitted set went through.
    case permittedSetEdited
    /// A prompt was answered with limited access.
    case limitedByPrompt
    /// A deletion took a contact out of another app's P.
    case deletionLeftPermittedSet
    /// An identifier fetch named a visible contact more than once.
    case duplicateIdentifiersAsked
    /// A respelled or junk identifier was looked up.
    case respelledIdentifier
    /// A save failed validation.
    case validationFailed
    /// A save of several steps failed and was rolled back.
    case saveRolledBack
    /// A history delta (events since a token) was replayed and compared.
    case historyDeltaReplayed
    /// A history full sync was replayed and compared.
    case historyFullSyncReplayed
    /// A tap on the access button granted contacts.
    case accessButtonGranted
}

/// A broken rule found during a step: what, and the statements that show it.
struct Violation: Error {
    var rule: String
    var detail: String
    /// The statements ending the printed program: the failing call and its expectation.
    var check: [String]
}

/// An identifier as a step uses it: its value, and how the printed program spells it.
struct Named: Sendable {
    var value: String
    var code: String
}

/// What a store call produced, before comparison.
struct Observed {
    var observation: Observation
    /// The thrown error's message: searched for data of hidden contacts. (Its identifiers
    /// are compared with the model's exactly; the message is free text.)
    var errorMessage: String?
    /// An error that was not a `ContactError`: always a violation.
    var foreignError: String?

    init(_ observation: Observation, foreignError: String? = nil) {
        self.observation = observation
        self.foreignError = foreignError
    }

    init(_ error: ContactError) {
        observation = .failed(ErrorSnapshot(error))
        errorMessage = error.message
    }

    /// A successful first half (a fetch) followed by a failed save.
    init(_ first: Observation, then error: ContactError) {
        self.init(error)
        observation = .then(first, observation)
    }

    /// Runs a store call, turning a thrown error into an observation.
    static func of(_ body: () throws -> Observation) -> Observed {
        do {
            return Observed(try body())
        } catch let error as ContactError {
            return Observed(error)
        } catch {
            return Observed(.done, foreignError: String(describing: error))
        }
    }
}

/// The prompts the person was shown, as the installed responder saw them.
final class PromptLog: Sendable {
    private let shown = Mutex<[AccessPrompt]>([])

    func responder(answering answer: AccessAnswer) -> PromptResponder {
        { prompt in
            self.shown.withLock { $0.append(prompt) }
            return answer
        }
    }

    var prompts: [AccessPrompt] { shown.withLock { $0 } }
}

/// One run in progress: the device, its stores, the model, and the program so far.
struct ScenarioRun {
    let scenario: Scenario
    /// Whether the program is printed as the run goes.
    let printing: Bool
    let device: ContactDevice
    let stores: [ContactStore]
    let prompts = PromptLog()
    /// Every app's store-did-change notifications, observed from the start.
    let observations: [AsyncStream<ContactStoreChange>]
    var searcher: ContactStore?
    var model: ReferenceModel
    var printer: ProgramPrinter
    /// Every contact identifier the store handed out, in order, named `c1`, `c2`, …
    var knownContacts: [Named] = []
    var knownGroups: [Named] = []
    var containers: [Named]
    var features: Set<ScenarioFeature> = []
    /// Each app's latest history token, with what the app held then and the token's printed name.
    var historyTokens: [Int: (token: HistoryToken, view: HistoryView, code: String)] = [:]
    /// Device tokens after the first 16 steps that changed something, with the model then (a
    /// value: keeping it is cheap) and where the program stood.
    var recordedTokens: [RecordedToken] = []
    /// Message of the first `recordDoesNotExist` per API: every later one must read the same.
    var missingMessages: [String: String] = [:]
    /// 1-based number of the operation running.
    var step = 0
    /// The printed program's variable for each app's store.
    let appNames: [String]
    /// Numbers of the printed program's variables, per prefix.
    var counters: [String: Int] = [:]

    init(_ scenario: Scenario, printing: Bool = true) {
        self.scenario = scenario
        self.printing = printing
        device = ContactDevice(seed: scenario.deviceSeed, defaultSortOrder: scenario.defaultSortOrder)
        stores = scenario.apps.map(device.store(for:))
        observations = stores.map { $0.changes() }
        let containerIdentifiers = device.containers.map(\.identifier)
        model = ReferenceModel(apps: scenario.apps, containers: containerIdentifiers,
                               defaultSortOrder: scenario.defaultSortOrder)
        containers = containerIdentifiers.indices.map {
            Named(value: containerIdentifiers[$0], code: printing ? "device.containers[\($0)].identifier" : "")
        }
        printer = ProgramPrinter(scenario, isEnabled: printing)
        appNames = ProgramPrinter.variableNames(for: scenario.apps)
        for container in containers { printer.name(container.value, as: container.code) }
    }

    mutating func execute() -> ScenarioReport {
        if let violation = checkPersonView() { return report(violation) }
        for operation in scenario.operations {
            step += 1
            let before = model
            if let violation = perform(operation) { return report(violation) }
            if let violation = checkPersonView() { return report(violation) }
            // A change the model did not make shows here too: a failed save that left a trace
            // changes the store, and the next sweep (or the last) compares everything.
            if model != before {
                if let violation = checkAppViews() { return report(violation) }
                recordToken()
            }
        }
        return report(checkAppViews())
    }

    private func report(_ violation: Violation?) -> ScenarioReport {
        let failure = violation.map { violation in
            ScenarioFailure(
                rule: violation.rule, step: step, detail: violation.detail,
                program: printer.program(title: "Breaks \(violation.rule) at operation \(step): \(violation.detail)",
                                         failingCheck: violation.check))
        }
        return ScenarioReport(failure: failure, features: features, operationsRun: step)
    }

    func appName(_ index: Int) -> String { appNames[index] }

    /// A fresh variable name for the printed program.
    mutating func fresh(_ prefix: String) -> String {
        counters[prefix, default: 0] += 1
        return "\(prefix)\(counters[prefix, default: 0])"
    }
}

extension ContactDraft {
    /// A new `MutableContact` holding the draft; it carries every key.
    var mutableContact: MutableContact {
        var contact = MutableContact(contactType: contactType)
        contact.givenName = givenName
        contact.familyName = familyName
        contact.organizationName = organizationName
        contact.phoneNumbers = phoneNumbers.map { LabeledValue(label: $0.label, value: PhoneNumber($0.value)) }
        contact.emailAddresses = emailAddresses.map { LabeledValue(label: $0.label, value: $0.value) }
        contact.note = note
        contact.birthday = birthday
        return contact
    }
}

extension ContactSnapshot {
    /// A store's contact as the model would describe it; reads of every tracked key are
    /// checked against `isKeyAvailable` on the way.
    static func of(_ contact: Contact) -> ContactSnapshot {
        var misread: [ContactKey] = []
        func read<T>(_ key: ContactKey, _ get: () throws(ContactError) -> T) -> T? {
            let available = contact.isKeyAvailable(key)
            do {
                let value = try get()
                if !available { misread.append(key) }
                return available ? value : nil
            } catch {
                if available || error.code != .propertyNotFetched || error.affectedKeys != [key] { misread.append(key) }
                return nil
            }
        }
        func labeled<V>(_ values: [LabeledValue<V>], _ text: (V) -> String) -> [LabeledText] {
            values.map { LabeledText(label: $0.label?.rawValue, value: text($0.value)) }
        }
        var snapshot = ContactSnapshot(identifier: RecordID(contact.identifier), contactType: contact.contactType,
                                       keys: contact.availableKeys)
        snapshot.givenName = read(.givenName) { () throws(ContactError) in try contact.givenName }.map(ExactString.init)
        snapshot.familyName = read(.familyName) { () throws(ContactError) in try contact.familyName }.map(ExactString.init)
        snapshot.organizationName = read(.organizationName) { () throws(ContactError) in try contact.organizationName }
            .map(ExactString.init)
        snapshot.phoneNumbers = read(.phoneNumbers) { () throws(ContactError) in try contact.phoneNumbers }
            .map { labeled($0, \.stringValue) }
        snapshot.emailAddresses = read(.emailAddresses) { () throws(ContactError) in try contact.emailAddresses }
            .map { labeled($0) { $0 } }
        snapshot.note = read(.note) { () throws(ContactError) in try contact.note }.map(ExactString.init)
        snapshot.birthday = read(.birthday) { () throws(ContactError) in try contact.birthday }
        snapshot.misreadKeys = misread
        return snapshot
    }
}
