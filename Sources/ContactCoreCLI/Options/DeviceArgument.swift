import ArgumentParser

/// The device file every command but `replay` works on.
struct DeviceArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The device file (SQLite), made by `contactcore init`.", valueName: "device"))
    var path: String
}
