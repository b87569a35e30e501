import ContactCore

/// Turning references into the identifiers the store handed out, with the printed spelling
/// of each. The store and the model receive the very same resolved values.
extension ScenarioRun {
    /// The printed spelling of something, computed only when printing.
    func code(_ text: @autoclosure () -> String) -> String { printing ? text() : "" }

    mutating func resolve(_ reference: ContactRef) -> Named {
        switch reference {
        case .known(let index), .added(let index):
            guard !knownContacts.isEmpty else {
                return Named(value: Vocabulary.neverIssuedContact, code: code(ProgramPrinter.literal(Vocabulary.neverIssuedContact)))
            }
            return knownContacts[index % knownContacts.count]
        case .spelled(let index, let spelling):
            features.insert(.respelledIdentifier)
            let base = resolve(ContactRef.known(index))
            return Named(value: spelling.apply(to: base.value), code: code(spelling.code(base.code)))
        case .literal(let identifier):
            features.insert(.respelledIdentifier)
            return Named(value: identifier, code: code(ProgramPrinter.literal(identifier)))
        }
    }

    mutating func resolve(_ reference: GroupRef) -> Named {
        switch reference {
        case .known(let index), .added(let index):
            guard !knownGroups.isEmpty else {
                return Named(value: Vocabulary.neverIssuedGroup, code: code(ProgramPrinter.literal(Vocabulary.neverIssuedGroup)))
            }
            return knownGroups[index % knownGroups.count]
        case .knownContact(let index): return resolve(ContactRef.known(index))
        case .literal(let identifier): return Named(value: identifier, code: code(ProgramPrinter.literal(identifier)))
        }
    }

    func resolve(_ reference: ContainerRef) -> Named {
        switch reference {
        case .known(let index): containers[index % containers.count]
        case .literal(let identifier): Named(value: identifier, code: code(ProgramPrinter.literal(identifier)))
        }
    }

    private mutating func list(_ references: [ContactRef]) -> (values: Set<String>, code: String) {
        let named = references.map { resolve($0) }
        return (Set(named.map(\.value)), code("Set([\(named.map(\.code).joined(separator: ", "))])"))
    }

    mutating func resolve(_ script: PromptScript) -> (value: AccessAnswer, code: String) {
        switch script {
        case .deny: return (.deny, ".deny")
        case .allowFull: return (.allowFull, ".allowFull")
        case .allowLimited(let references):
            let (values, listCode) = list(references)
            return (.allowLimited(values), code(".allowLimited(\(listCode))"))
        }
    }

    mutating func resolve(_ script: SettingsScript) -> (value: SettingsChange, code: String) {
        switch script {
        case .allowFull: return (.allowFull, ".allowFull")
        case .deny: return (.deny, ".deny")
        case .allowLimited(let references):
            let (values, listCode) = list(references)
            return (.allowLimited(values), code(".allowLimited(\(listCode))"))
        case .editPermittedSet(let adding, let removing):
            let added = list(adding)
            let removed = list(removing)
            return (.editPermittedSet(adding: added.values, removing: removed.values),
                    code(".editPermittedSet(adding: \(added.code), removing: \(removed.code))"))
        }
    }

    mutating func resolve(_ script: PredicateScript?, app: Int) -> (predicate: ContactPredicate?, code: String, mentioned: [String]) {
        switch script {
        case nil: return (nil, "nil", [])
        case .identifiers(let references):
            let named = references.map { resolve($0) }
            return (.identifiers(named.map(\.value)), code(".identifiers([\(named.map(\.code).joined(separator: ", "))])"), named.map(\.value))
        case .name(let query): return (.name(query), code(".name(\(ProgramPrinter.literal(query)))"), [])
        case .phoneNumber(let number):
            return (.phoneNumber(PhoneNumber(number)), code(".phoneNumber(PhoneNumber(\(ProgramPrinter.literal(number))))"), [])
        case .emailAddress(let address): return (.emailAddress(address), code(".emailAddress(\(ProgramPrinter.literal(address)))"), [])
        case .inGroup(let reference):
            let named = resolve(reference)
            return (.inGroup(identifier: named.value), code(".inGroup(identifier: \(named.code))"), [named.value])
        case .inContainer(let reference):
            let named = resolve(reference)
            return (.inContainer(identifier: named.value), code(".inContainer(identifier: \(named.code))"), [named.value])
        }
    }

    mutating func resolve(_ query: GroupQuery) -> (predicate: GroupPredicate?, code: String) {
        switch query {
        case .all: return (nil, "nil")
        case .identifiers(let references):
            let named = references.map { resolve($0) }
            return (.identifiers(named.map(\.value)), code(".identifiers([\(named.map(\.code).joined(separator: ", "))])"))
        case .inContainer(let reference):
            let named = resolve(reference)
            return (.inContainer(identifier: named.value), code(".inContainer(identifier: \(named.code))"))
        case .subgroups(let reference):
            let named = resolve(reference)
            return (.subgroups(ofGroup: named.value), code(".subgroups(ofGroup: \(named.code))"))
        }
    }

    mutating func resolve(_ query: ContainerQuery) -> (predicate: ContainerPredicate?, code: String, mentioned: [String]) {
        switch query {
        case .all: return (nil, "nil", [])
        case .identifiers(let references):
            let named = references.map { resolve($0) }
            return (.identifiers(named.map(\.value)), code(".identifiers([\(named.map(\.code).joined(separator: ", "))])"), named.map(\.value))
        case .ofContact(let reference):
            let named = resolve(reference)
            return (.ofContact(identifier: named.value), code(".ofContact(identifier: \(named.code))"), [named.value])
        case .ofGroup(let reference):
            let named = resolve(reference)
            return (.ofGroup(identifier: named.value), code(".ofGroup(identifier: \(named.code))"), [named.value])
        }
    }
}
