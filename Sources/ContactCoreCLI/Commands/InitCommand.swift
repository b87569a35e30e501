import ArgumentParser
import ContactCore
import ContactCoreSQLite
import Foundation

/// `contactcore init`: a new device file, empty or with the person's contacts.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a device file, empty or with the person's contacts from a vCard file.",
        discussion: """
            The file must not exist. The contacts are the person's, added before any app exists, \
            so every app sees them according to its access. If the vCard file does not read, \
            no file is made.

            Example:
              contactcore init demo.db --seed 1 --vcard Tests/Fixtures/vcard/apple-3.0.vcf
            """
    )

    @OptionGroup var device: DeviceArgument

    @Option(help: "Seed of the identifiers: the same seed and the same commands give the same identifiers.")
    var seed: UInt64 = 0

    @Option(help: "Identity written into history tokens (default: random, so another device's tokens are foreign).")
    var identity: UInt64?

    @Option(help: ArgumentHelp("The person's contacts, from a vCard file (2.1, 3.0 or 4.0).", valueName: "file"))
    var vcard: String?

    @Option(help: "What user-default order means on this device: given-name, family-name or none.")
    var sortOrder: SortChoice = .givenName

    @Flag(help: "With --vcard: add every card that can be delimited, leaving out the properties that do not read; list what was skipped.")
    var lenient = false

    @Option(help: "Output: table or json.")
    var format: DataFormat = .table

    func validate() throws {
        guard sortOrder != .userDefault else { throw ValidationError("--sort-order is the device's default itself: given-name, family-name or none.") }
        if lenient, vcard == nil { throw ValidationError("--lenient is how --vcard's file is read; add --vcard.") }
    }

    func run() throws {
        let path = device.path
        guard !FileManager.default.fileExists(atPath: path) else {
            throw ToolError(.unwritableFile, "\(path) already exists; init never replaces a file.")
        }
        let made = ContactDevice(seed: seed, identity: identity, defaultSortOrder: sortOrder.sortOrder)
        var imported: VCardStoreImport?
        if let vcard {
            let data = try VCardFile.read(vcard)
            let progress = ProgressLine.start("Reading \(vcard) (\(VCardFile.size(data)))…")
            defer { progress?.finish() }
            do throws(VCardImportError) {
                imported = try made.importPersonContacts(vCard: data, lenient: lenient)
            } catch {
                throw VCardFile.error(error, path: vcard)
            }
            progress?.update("Writing \(path)…")
            try made.saveAsDatabase(at: path)
        } else {
            try made.saveAsDatabase(at: path)
        }
        let count = made.allContactIdentifiers.count
        made.close()
        ImportOutput.write(imported, headline: "Created \(path) with \(count) contact\(count == 1 ? "" : "s").", format: format)
    }
}
