// The crash test's child: opens the database given as the first argument and commits in a loop
// (saves, Settings changes, picker grants) until it is killed. After each call returns it
// appends one line to the side log (second argument) naming the commit, and flushes it: a
// line in the log is a commit the device acknowledged. The parent (CrashSafetyTests) kills
// it with SIGKILL at random moments and checks that every logged commit survived.
import ContactCore
import ContactCoreSQLite
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: ContactCoreCrashChild <database> <side log>\n".utf8))
    exit(2)
}
let crashSideLog = CrashSideLog(path: arguments[2])
do {
    try CrashChild.run(database: arguments[1], log: crashSideLog)
} catch {
    FileHandle.standardError.write(Data("ContactCoreCrashChild: \(error)\n".utf8))
    exit(1)
}
