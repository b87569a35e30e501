import ArgumentParser
import ContactCore
import Foundation

/// `contactcore export`: what the person or an app may see, as one vCard file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the contacts the person or an app sees as a vCard file.",
        discussion: """
            As the person: every contact, every field, in the order they were added. As an app \
            (--app): only the contacts its access lets it see, with every key it may read (the \
            note only with --notes-entitlement) — exactly what the app could export itself.

            Example:
              contactcore export demo.db --app com.example.chat --output chat.vcf
            """
    )

    @OptionGroup var device: DeviceArgument
    @OptionGroup var reader: ReaderOptions

    @Option(help: "vCard version to write: 3.0 (what Apple writes) or 4.0.")
    var vcardVersion: VersionChoice = .v3

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    enum VersionChoice: String, CaseIterable, ExpressibleByArgument {
        case v3 = "3.0"
        case v4 = "4.0"

        var version: VCardVersion { self == .v3 ? .v3_0 : .v4_0 }
    }

    func run() throws {
        try DeviceFile.reading(self.device.path) { device in
            let data: Data = switch try reader.reader(on: device, path: self.device.path) {
            case .person(let device): device.vCardData(version: vcardVersion.version)
            case .app(let store):
                try store.vCardData(keysToFetch: Reader.app(store).readableKeys, sortOrder: .none, version: vcardVersion.version)
            }
            guard let output else { return Output.write(data) }
            do {
                try data.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw ToolError(.unwritableFile, "Cannot write \(output): \(error.localizedDescription)")
            }
        }
    }
}
