import ArgumentParser
import ContactCore

/// `--app` for commands that always act as an app.
struct AppOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The app (bundle identifier).", valueName: "bundle-id"))
    var app: String

    @Flag(help: "The app has the notes entitlement (it may read and write notes).")
    var notesEntitlement = false

    func configuration(usage: String? = nil) -> AppConfiguration {
        Apps.configuration(app, notesEntitlement: notesEntitlement, usage: usage)
    }
}
