import ArgumentParser

/// The contacts the person chooses, by identifier or by name.
struct ContactChoiceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A contact the person chooses, by identifier (repeatable).", valueName: "id"))
    var contact: [String] = []

    @Option(help: ArgumentHelp("Every contact whose name matches, as the person types it (repeatable).", valueName: "name"))
    var contactNamed: [String] = []

    var isEmpty: Bool { contact.isEmpty && contactNamed.isEmpty }
}
