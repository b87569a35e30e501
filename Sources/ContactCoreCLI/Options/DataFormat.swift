import ArgumentParser

/// `--format` of output that is not contacts.
enum DataFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json
}
