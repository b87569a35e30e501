import ArgumentParser
import ContactCore

/// `--app`: read or write as an app, or, without it, as the person.
struct ReaderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Act as this app (bundle identifier), under its access; without it, as the person, who sees everything.",
                               valueName: "bundle-id"))
    var app: String?

    @Flag(help: "The app has the notes entitlement (it may read and write notes).")
    var notesEntitlement = false

    /// The reader, once the app is known to the device.
    func reader(on device: ContactDevice, path: String) throws -> Reader {
        guard let app else { return .person(device) }
        try Apps.requireKnown(app, on: device, path: path)
        return .app(device.store(for: Apps.configuration(app, notesEntitlement: notesEntitlement)))
    }
}
