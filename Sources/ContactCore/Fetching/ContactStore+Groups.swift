/// Which groups a fetch wants.
public enum GroupPredicate: Hashable, Sendable {
    case identifiers([String])
    case inContainer(identifier: String)
    /// The direct subgroups of a group.
    case subgroups(ofGroup: String)
}

/// Which containers a fetch wants.
public enum ContainerPredicate: Hashable, Sendable {
    case identifiers([String])
    /// The container of a contact; none for a contact the app cannot see.
    case ofContact(identifier: String)
    /// The container of a group.
    case ofGroup(identifier: String)
}

extension ContactStore {
    /// Groups in insertion order. Any app with access sees every group (decided): group names
    /// are the person's organization, not contact data; *membership* is filtered by
    /// visibility through ``ContactPredicate/inGroup(identifier:)``.
    public func groups(matching predicate: GroupPredicate? = nil) throws(ContactError) -> [ContactGroup] {
        try withScope { scope in
            let identifiers: [String] = switch predicate {
            case nil: Array(scope.groups.keys)
            case .identifiers(let requested): Array(Set(requested.compactMap(scope.existingGroupIdentifier)))
            case .inContainer(let container):
                scope.groups.filter { ContactIdentifier.areEqual($0.value.containerIdentifier, container) }.map(\.key)
            case .subgroups(let parent):
                scope.existingGroupIdentifier(parent).map { Array(scope.subgroups[$0] ?? []) } ?? []
            }
            return identifiers.compactMap { identifier in
                scope.groups[identifier].map { (identifier, $0) }
            }
            .sorted { $0.1.serial < $1.1.serial }
            .map { ContactGroup(identifier: $0.0, name: $0.1.name, containerIdentifier: $0.1.containerIdentifier) }
        }
    }

    /// Containers, the default one first.
    public func containers(matching predicate: ContainerPredicate? = nil) throws(ContactError) -> [ContactContainer] {
        try withScope { scope in
            let wanted: [String]
            switch predicate {
            case nil: return scope.containers
            case .identifiers(let requested): wanted = requested.compactMap(scope.existingContainerIdentifier)
            case .ofContact(let identifier):
                wanted = [scope.contact(identifier)?.stored.containerIdentifier].compactMap { $0 }
            case .ofGroup(let identifier):
                wanted = [scope.existingGroupIdentifier(identifier).flatMap { scope.groups[$0]?.containerIdentifier }]
                    .compactMap { $0 }
            }
            return scope.containers.filter { wanted.contains($0.identifier) }
        }
    }

    /// The container new contacts go to when a save names none.
    public var defaultContainerIdentifier: String {
        device.state.withLock { $0.defaultContainerIdentifier }
    }
}
