/// Parallel programs (``Parallel``): each is run several times, since a race shows in some
/// runs only. The property test, the races script and a printed regression call it.
package enum RaceCheck {
    package static let profile = Profile.races

    package static func program(_ bytes: [UInt8]) -> Program { Decoder.decode(bytes, profile: profile).program }

    /// The first failure of `runs` runs of `program`, and the run (1-based) it came in.
    package static func check(_ program: Program, runs: Int) -> (failure: Failure, run: Int)? {
        for run in 1...max(runs, 1) {
            if let failure = Runner.run(program) { return (failure, run) }
        }
        return nil
    }

    /// The first failure of `bytes` in `runs` (at least `reductionRuns`) runs, reduced: each
    /// candidate is run up to `reductionRuns` times, as the failure may not come back at once.
    /// With the reduced bytes and the program printed as a Swift test that reruns it.
    package static func explain(_ bytes: [UInt8], runs: Int, reductionRuns: Int = 300) -> (failure: Failure, reduced: [UInt8])? {
        guard let first = check(program(bytes), runs: max(runs, reductionRuns))?.failure else { return nil }
        let reduced = Reducer.reduce(bytes, profile: profile, rule: first.rule) { check(program($0), runs: reductionRuns)?.failure }
        let shrunk = program(reduced)
        var failure = check(shrunk, runs: reductionRuns)?.failure ?? first
        failure.test = Printer.test(shrunk, name: "race", failure: failure)
        return (failure, reduced)
    }
}
