import ArgumentParser

/// `contactcore app`: an app's authorization, scripted: the person's answers, Settings, the pickers.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Script an app's access: status, the access prompt, Settings, the access picker, the access button.",
        discussion: """
            The person's side is scripted on the command line: the answer to the prompt, the \
            change in Settings, the contacts chosen in a picker or approved at the button. The \
            person chooses contacts by identifier (--contact) or by typing a name \
            (--contact-named), and sees every contact on the device whatever the app sees.

            Example:
              contactcore app request demo.db --app com.example.chat \\
                --answer limited --contact-named John
            """,
        subcommands: [
            AppStatusCommand.self, AppRequestCommand.self, AppSettingsCommand.self, AppPickerCommand.self,
            AppButtonCommand.self,
        ]
    )
}
