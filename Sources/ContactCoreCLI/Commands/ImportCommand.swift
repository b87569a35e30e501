import ArgumentParser
import ContactCore

/// `contactcore import`: a vCard file's contacts added in one commit.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the contacts of a vCard file, as the person or as an app.",
        discussion: """
            All the cards are added in one commit, or none if a card does not read; with \
            --lenient, every card that can be delimited is added without the properties that do \
            not read, and the output names what was skipped, card, line and reason. As an app \
            (--app), the save follows the app's access: a limited app's imported contacts join \
            what it may see; a denied app cannot import; notes need --notes-entitlement (without \
            it they are left out and counted as ignored). A long import shows its progress on a \
            terminal.

            Example:
              contactcore import demo.db more.vcf --app com.example.chat --author chat-sync
            """
    )

    @OptionGroup var device: DeviceArgument

    @Argument(help: ArgumentHelp("The vCard file (2.1, 3.0 or 4.0).", valueName: "vcard-file"))
    var file: String

    @OptionGroup var reader: ReaderOptions

    @Option(help: "The transaction author the app's save records (what history can exclude).")
    var author: String?

    @Flag(help: "Add every card that can be delimited, leaving out the properties that do not read; list what was skipped.")
    var lenient = false

    @Option(help: "Output: table or json.")
    var format: DataFormat = .table

    func validate() throws {
        if author != nil, reader.app == nil { throw ValidationError("--author names an app's transaction; add --app.") }
    }

    func run() throws {
        let data = try VCardFile.read(file)
        // Opening a large device takes a while too: the line covers it.
        let progress = ProgressLine.start("Opening \(self.device.path)…")
        defer { progress?.finish() }
        // A dry run of the import would cost as much as the import: the checks that can refuse
        // it run on the device opened read-only instead, so a refused import writes nothing.
        try DeviceFile.reading(self.device.path) { device in
            let reader = try self.reader.reader(on: device, path: self.device.path)
            progress?.update("Reading \(file) (\(VCardFile.size(data)))…")
            if !lenient {
                do throws(VCardError) {
                    _ = try VCardSerialization.read(data)
                } catch {
                    throw FileVCardError(path: file, error: error)
                }
            }
            // The gate every read and save of the app passes: without access, no import.
            if case .app(let store) = reader { _ = try store.contactIdentifiers(matching: .identifiers([])) }
        }
        try DeviceFile.updating(self.device.path) { device in
            let reader = try self.reader.reader(on: device, path: self.device.path)
            progress?.update("Importing \(file) (\(VCardFile.size(data)))…")
            let result: VCardStoreImport
            do throws(VCardImportError) {
                switch reader {
                case .person(let device): result = try device.importPersonContacts(vCard: data, lenient: lenient)
                case .app(let store): result = try store.importVCard(data, lenient: lenient, transactionAuthor: author)
                }
            } catch {
                throw VCardFile.error(error, path: file)
            }
            progress?.finish()
            let count = result.identifiers.count
            let headline = "Imported \(count) contact\(count == 1 ? "" : "s") from \(file)\(self.reader.app.map { " as \($0)" } ?? "")."
            ImportOutput.write(result, headline: headline, format: format)
        }
    }
}
