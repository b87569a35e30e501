import ContactCore
import Foundation
import PropertyBased
import Testing

extension ProcessHeavySuites {
    /// The CLI under the harness (issue 47): generated programs run through `contactcore` on a
    /// device file, and the same programs through the library on an in-memory device of the same
    /// seed and identity. Every command's JSON (or vCard, or error code) must equal, field by
    /// field, what the library returned, as ``CLIExpectedJSON`` writes it.
    @Suite("contactcore — generated programs against the library", .timeLimit(.minutes(5)))
    struct CLIPropertyTests {
        /// Programs per run (about five processes of the tool each, 0.3 s a program on a quiet host);
        /// `CLI_PROPERTY_CASES` overrides it.
        static let cases = Int(ProcessInfo.processInfo.environment["CLI_PROPERTY_CASES"] ?? "") ?? 40
        static let identity: UInt64 = 47

        @Test func everyCommandPrintsWhatTheLibraryReturns() async {
            // Without shrinking: a failure prints its program's command lines, a few at most, and
            // each shrinking step would run the tool again.
            await propertyCheck(count: Self.cases, input: Gen.uint8().array(of: 16...96).withoutShrink()) { bytes in
                try await Self.check(CLIProgram(bytes))
            }
        }

        /// What a command must give: JSON, bytes (an export), or a typed error (`"ContactError 100"`).
        enum Expected {
            case json(Any)
            case bytes(Data)
            case failure(String)
        }

        struct Failure: Error {
            var code: String
        }

        /// Runs `program` on both sides, step by step; stops at the first difference, which it records.
        static func check(_ program: CLIProgram) async throws {
            let tool = try Tool()
            defer { tool.remove() }
            let start = VCardSerialization.data(from: program.contacts)
            try start.write(to: URL(fileURLWithPath: tool.path("start.vcf")))
            let device = ContactDevice(seed: program.seed, identity: identity, defaultSortOrder: .givenName)
            var mirror = Mirror(device: device)
            let made = try device.importPersonContacts(vCard: start)
            let initArguments = ["init", "d.db", "--seed", "\(program.seed)", "--identity", "\(identity)", "--vcard", "start.vcf",
                                 "--format", "json"]
            var expected = Expected.json(CLIExpectedJSON.importResult(made))
            var arguments = initArguments
            var steps = program.steps[...]
            while true {
                let run = try await tool.run(arguments)
                if let difference = try compare(run, expected) {
                    Issue.record("contactcore \(arguments.joined(separator: " ")): \(difference)\nprogram:\n  \(program)")
                    return
                }
                if case .json(let value) = expected, let token = (value as? [String: Any])?["token"] as? String {
                    mirror.lastToken = token
                }
                guard let step = steps.popFirst() else { return }
                (arguments, expected) = try mirror.run(step, in: tool)
            }
        }

        /// How the tool's run differs from what the library gave; `nil` when it does not.
        static func compare(_ run: Tool.Run, _ expected: Expected) throws -> String? {
            switch expected {
            case .failure(let code):
                guard run.status == 1, run.error.contains(code + " (") else { return "expected \(code), got \(run)" }
                return nil
            case .bytes(let data):
                guard run.status == 0 else { return "failed: \(run)" }
                return run.output == data ? nil : "printed\n\(run.text)\nexpected\n\(String(decoding: data, as: UTF8.self))"
            case .json(let value):
                guard run.status == 0 else { return "failed: \(run)" }
                let output: Any
                do { output = try run.json() } catch { return "not JSON: \(run.text)" }
                return CLIExpectedJSON.difference(output, try CLIExpectedJSON.normalized(value))
            }
        }

        /// The library side: each step as the tool runs it (its checks in its order), on the
        /// in-memory device, with the command line that runs it.
        struct Mirror {
            let device: ContactDevice
            /// The newest history token a command printed, for `--since`.
            var lastToken: String?

            init(device: ContactDevice) { self.device = device }

            static func configuration(_ app: String) -> AppConfiguration {
                AppConfiguration(bundleIdentifier: app, usageDescription: "Finds the people you know.", hasNotesEntitlement: false)
            }

            static let appKeys = ContactKey.allCases.filter { $0 != .note }

            func requireKnown(_ app: String) throws {
                guard device.knownBundleIdentifiers.contains(app) else { throw Failure(code: "ToolError 2") }
            }

            /// The contacts the person picks by typing names, in order, each once (ToolError 6 for a
            /// name nothing matches).
            func chosen(_ names: [String]) throws -> [String] {
                var chosen: [String] = []
                for name in names {
                    let found = try device.personContacts(for: ContactFetchRequest(predicate: .name(name), keysToFetch: [], sortOrder: .userDefault))
                    guard !found.isEmpty else { throw Failure(code: "ToolError 6") }
                    chosen += found.map(\.identifier)
                }
                var seen = Set<String>()
                return chosen.filter { seen.insert($0).inserted }
            }

            func contacts(_ app: String?, _ predicate: ContactPredicate?, sort: ContactCore.SortOrder) throws -> [Contact] {
                guard let app else {
                    return try device.personContacts(for: ContactFetchRequest(predicate: predicate, keysToFetch: ContactKey.allCases, sortOrder: sort))
                }
                try requireKnown(app)
                return try device.store(for: Self.configuration(app))
                    .contacts(for: ContactFetchRequest(predicate: predicate, keysToFetch: Self.appKeys, sortOrder: sort))
            }

            static func readerArguments(_ app: String?) -> [String] { app.map { ["--app", $0] } ?? [] }

            static func named(_ option: String, _ names: [String]) -> [String] { names.flatMap { [option, $0] } }

            mutating func run(_ step: CLIProgram.Step, in tool: Tool) throws -> ([String], Expected) {
                let (arguments, body) = command(step, in: tool)
                do {
                    return (arguments, try body())
                } catch let failure as Failure {
                    return (arguments, .failure(failure.code))
                } catch let error as ContactError {
                    return (arguments, .failure("ContactError \(error.code.rawValue)"))
                } catch let error as VCardImportError {
                    switch error {
                    case .invalidVCard(let error): return (arguments, .failure("VCardError \(error.code.rawValue)"))
                    case .store(let error): return (arguments, .failure("ContactError \(error.code.rawValue)"))
                    }
                }
            }

            /// The command line of `step`, and what the library gives for it.
            func command(_ step: CLIProgram.Step, in tool: Tool) -> ([String], () throws -> Expected) {
                let device = self.device
                let json = ["--format", "json"]
                switch step {
                case .list(let app, let sort):
                    let order: ContactCore.SortOrder = switch sort {
                    case "given-name": .givenName
                    case "family-name": .familyName
                    case "none": .none
                    default: .userDefault
                    }
                    return (["list", "d.db"] + Self.readerArguments(app) + ["--keys", "all", "--sort", sort] + json, {
                        .json(CLIExpectedJSON.contacts(try contacts(app, nil, sort: order)))
                    })
                case .show(let app, let picks):
                    let all = device.allContactIdentifiers
                    let identifiers = picks.map { $0 < all.count ? all[$0] : "no-such-contact" }
                    return (["show", "d.db"] + identifiers + Self.readerArguments(app) + ["--keys", "all"] + json, {
                        var shown: [Contact] = []
                        for identifier in identifiers {
                            if let app {
                                try requireKnown(app)
                                shown.append(try device.store(for: Self.configuration(app)).unifiedContact(withIdentifier: identifier, keysToFetch: Self.appKeys))
                            } else {
                                guard let found = try contacts(nil, .identifiers([identifier]), sort: .none).first else {
                                    throw Failure(code: "ContactError 200")
                                }
                                shown.append(found)
                            }
                        }
                        return .json(CLIExpectedJSON.contacts(shown))
                    })
                case .searchName(let app, let name):
                    return search(app, ["--name", name], .name(name))
                case .searchPhone(let app, let phone):
                    return search(app, ["--phone", phone], .phoneNumber(PhoneNumber(phone)))
                case .searchEmail(let app, let email):
                    return search(app, ["--email", email], .emailAddress(email))
                case .export(let app):
                    return (["export", "d.db"] + Self.readerArguments(app), {
                        guard let app else { return .bytes(device.vCardData()) }
                        try requireKnown(app)
                        return .bytes(try device.store(for: Self.configuration(app)).vCardData(keysToFetch: Self.appKeys, sortOrder: .none))
                    })
                case .history(let app, let includeGroups, let sinceLast):
                    let since = sinceLast ? lastToken : nil
                    return (["history", "d.db", "--app", app, "--keys", "all"] + (includeGroups ? ["--include-groups"] : [])
                            + (since.map { ["--since", $0] } ?? []) + json, {
                        try requireKnown(app)
                        let token = since.flatMap { Data(base64Encoded: $0) }.map(HistoryToken.init(bytes:))
                        let history = try device.store(for: Self.configuration(app)).changeHistory(for: ChangeHistoryFetchRequest(
                            startingToken: token, includeGroupChanges: includeGroups, excludedTransactionAuthors: [],
                            additionalContactKeys: Self.appKeys))
                        return .json(CLIExpectedJSON.history(history))
                    })
                case .request(let app, let answer, let names):
                    return (["app", "request", "d.db", "--app", app, "--answer", answer.rawValue] + Self.named("--contact-named", names) + json, {
                        let chosen = try chosen(names)
                        let store = device.store(for: Self.configuration(app))
                        let prompted = store.authorizationStatus == .notDetermined
                        let reply: AccessAnswer = switch answer {
                        case .deny: .deny
                        case .full: .allowFull
                        case .limited: .allowLimited(Set(chosen))
                        }
                        device.setPromptResponder { _ in reply }
                        try store.requestAccess()
                        return .json(CLIExpectedJSON.app(app, on: device).merging(["prompted": prompted]) { $1 })
                    })
                case .settingsAccess(let app, let access, let names):
                    return (["app", "settings", "d.db", "--app", app, "--access", access.rawValue] + Self.named("--contact-named", names) + json, {
                        try requireKnown(app)
                        let change: SettingsChange = switch access {
                        case .full: .allowFull
                        case .denied: .deny
                        case .limited: .allowLimited(Set(try chosen(names)))
                        }
                        try device.applySettings(change, to: app)
                        return .json(CLIExpectedJSON.app(app, on: device))
                    })
                case .settingsEdit(let app, let add, let remove):
                    return (["app", "settings", "d.db", "--app", app] + Self.named("--add-named", add) + Self.named("--remove-named", remove) + json, {
                        try requireKnown(app)
                        let change = SettingsChange.editPermittedSet(adding: Set(try chosen(add)), removing: Set(try chosen(remove)))
                        try device.applySettings(change, to: app)
                        return .json(CLIExpectedJSON.app(app, on: device))
                    })
                case .button(let app, let query, let tap, let chooseAll, let chooseNamed):
                    let options = (tap ? ["--tap"] : []) + (chooseAll ? ["--choose-all"] : []) + Self.named("--choose-named", chooseNamed)
                    return (["app", "button", "d.db", "--app", app, "--query", query] + options + json, {
                        let store = device.store(for: Self.configuration(app))
                        let button = ContactAccessButton(queryString: query, ignoredEmails: [], ignoredPhoneNumbers: [])
                        let minimum = button.minimumSize
                        let placement = ContactAccessButton.Placement(frame: ContactAccessButton.Rect(
                            x: 0, y: 0, width: max(320, minimum.width), height: max(64, minimum.height)))
                        let view = device.contactAccessButtonView(button, in: store, placement: placement)
                        guard tap else { return .json(CLIExpectedJSON.buttonView(view)) }
                        let chosen = try chosen(chooseNamed)
                        device.setPromptResponder { _ in .allowLimited([]) }
                        let outcome = device.tapContactAccessButton(button, in: store, placement: placement, event: .validatedTouch) { rows in
                            chooseAll ? rows.map(\.identifier) : chosen
                        }
                        if case .refused(.promptFailed(let error)) = outcome { throw error }
                        if case .refused(.storageFailed(let error)) = outcome { throw error }
                        return .json(["view": CLIExpectedJSON.buttonView(view), "outcome": CLIExpectedJSON.tap(outcome),
                                      "app": CLIExpectedJSON.app(app, on: device)])
                    })
                case .picker(let app, let add, let remove):
                    return (["app", "picker", "d.db", "--app", app] + Self.named("--add-named", add) + Self.named("--remove-named", remove) + json, {
                        try requireKnown(app)
                        let selection = AccessPickerSelection(adding: try chosen(add), removing: try chosen(remove))
                        device.setPickerResponder { presentation in presentation.kind == .accessPicker ? selection : AccessPickerSelection() }
                        let store = device.store(for: Self.configuration(app))
                        let shown = store.authorizationStatus == .limited
                        let granted = try store.presentContactAccessPicker()
                        return .json(["pickerShown": shown, "newlyGranted": granted, "app": CLIExpectedJSON.app(app, on: device)])
                    })
                case .importFile(let app, let contacts):
                    let file = VCardSerialization.data(from: contacts)
                    let name = "import-\(UUID().uuidString.prefix(8)).vcf"
                    try? file.write(to: URL(fileURLWithPath: tool.path(name)))
                    return (["import", "d.db", name] + Self.readerArguments(app) + json, {
                        guard let app else { return .json(CLIExpectedJSON.importResult(try device.importPersonContacts(vCard: file))) }
                        try requireKnown(app)
                        let store = device.store(for: Self.configuration(app))
                        _ = try store.contactIdentifiers(matching: .identifiers([]))
                        return .json(CLIExpectedJSON.importResult(try store.importVCard(file)))
                    })
                }
            }

            func search(_ app: String?, _ option: [String], _ predicate: ContactPredicate) -> ([String], () throws -> Expected) {
                (["search", "d.db"] + option + Self.readerArguments(app) + ["--keys", "all", "--format", "json"], {
                    .json(CLIExpectedJSON.contacts(try contacts(app, predicate, sort: .userDefault)))
                })
            }
        }
    }
}
