import ContactCore
import ContactCoreTesting
import Foundation

/// FuzzStorageFaults (SPEC 13): a ``FaultSchedule`` header, then an ordinary program of every
/// operation (FuzzPermittedSet's profile), run on a SQLite device whose disk fails as the
/// header says (``BackEnd/sqlite(failing:in:)``). libFuzzer, the corpus replay and the
/// figures of `Fuzz/RESULTS.md` all call ``check(_:)``.
package enum StorageFaultsTarget {
    package static let name = "FuzzStorageFaults"
    package static let profile = Profile.everything

    /// The schedule and the program `bytes` spell; a parallel program runs one branch after another.
    package static func decode(_ bytes: [UInt8]) -> (schedule: FaultSchedule, program: Program, programBytes: [UInt8]) {
        let (schedule, rest) = FaultSchedule.decode(bytes)
        return (schedule, Decoder.decode(rest, profile: profile).program.oneAtATime, rest)
    }

    /// The first broken rule.
    package static func check(_ bytes: [UInt8]) -> Failure? {
        let (schedule, program, _) = decode(bytes)
        return Runner.run(program, on: .sqlite(failing: schedule))
    }

    /// The first broken rule of the input with its program reduced (the schedule kept), the
    /// reduced bytes, and the program as a Swift test.
    package static func explain(_ bytes: [UInt8]) -> (failure: Failure, reduced: [UInt8])? {
        guard let first = check(bytes) else { return nil }
        let (schedule, _, rest) = decode(bytes)
        let reducedProgram = Reducer.reduce(rest, profile: profile, rule: first.rule) { candidate in
            Runner.run(Decoder.decode(candidate, profile: profile).program.oneAtATime, on: .sqlite(failing: schedule))
        }
        let reduced = schedule.header + reducedProgram
        var failure = check(reduced) ?? first
        let program = decode(reduced).program
        failure.test = printed(program, schedule, failure: failure)
        return (failure, reduced)
    }

    /// `program` as a Swift test that runs it on a SQLite device whose disk fails as `schedule` says.
    package static func printed(_ program: Program, _ schedule: FaultSchedule, failure: Failure?) -> String {
        Printer.test(program, name: "regression", failure: failure,
                     runOn: ".sqlite(failing: FaultSchedule.decode(\(schedule.header)).schedule)", note: "\(schedule)")
    }

    /// libFuzzer's entry: traps on a broken rule after printing the reduced program, and
    /// writes the reduced input where `CONTACTCORE_REDUCED_OUT` says (as every target does).
    package static func fuzz(_ start: UnsafeRawPointer?, _ count: Int) {
        _ = figuresAtExit
        let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        guard check(bytes) != nil, let (failure, reduced) = explain(bytes) else { return }
        if let path = ProcessInfo.processInfo.environment["CONTACTCORE_REDUCED_OUT"],
           !FileManager.default.createFile(atPath: path, contents: Data(reduced)) {
            print("could not write the reduced input to \(path)")
        }
        fatalError("\(name) \(failure)\n\nreduced input (\(reduced.count) bytes): \(reduced)")
    }

    /// A line on standard error at exit: what the runs of this process injected and checked.
    private static let figuresAtExit: Void = {
        atexit { FileHandle.standardError.write(Data("INFO: \(name): \(StorageFaultFigures.shared.current)\n".utf8)) }
    }()
}
