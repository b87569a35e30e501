import ArgumentParser

/// `contactcore`: the root command, which only holds the subcommands.
struct ContactCoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contactcore",
        abstract: "See what an app sees of a device's contacts under iOS 18's privacy rules.",
        discussion: """
            A device is one SQLite file: the person's contacts, each app's access and the change \
            history. Commands act as the person, or as an app with --app, which sees only what \
            its access allows.

            Data goes to standard output, errors to standard error. Exit status: 0 success; 1 an \
            error, printed as one line with its code (ContactError, VCardError or ToolError); \
            2 a usage error.

            Example, an app under limited access:
              contactcore init demo.db --seed 1 --vcard contacts.vcf
              contactcore app request demo.db --app com.example.chat \\
                --answer limited --contact-named John
              contactcore list demo.db --app com.example.chat
            """,
        subcommands: [
            InitCommand.self, ImportCommand.self, ExportCommand.self, ListCommand.self, SearchCommand.self,
            ShowCommand.self, HistoryCommand.self, AppCommand.self, ReplayCommand.self,
        ]
    )
}
