import Foundation
import Synchronization

/// A line on standard error that says what a long step is doing and for how long, redrawn
/// in place; only on a terminal, and only once the step has taken a moment, so short
/// commands and piped runs print nothing.
final class ProgressLine: Sendable {
    private struct State {
        var text: String
        var drawn = false
        var finished = false
    }

    /// How long a step runs before the line appears: 300 ms, or the milliseconds of the
    /// environment's `CONTACTCORE_PROGRESS_DELAY_MS` (the tests set 0 to see the line at once).
    static let delay: Duration = .milliseconds(
        ProcessInfo.processInfo.environment["CONTACTCORE_PROGRESS_DELAY_MS"].flatMap { Int($0) }.map { max(0, $0) } ?? 300)
    private static let interval: UInt32 = 100_000  // microseconds between redraws

    private let state: Mutex<State>
    private let start = ContinuousClock.now

    /// A line that shows `text` once the step has run for ``delay``; `nil` when standard
    /// error is not a terminal.
    static func start(_ text: String, onTerminal isTerminal: Bool = Output.errorIsTerminal) -> ProgressLine? {
        guard isTerminal else { return nil }
        let line = ProgressLine(text)
        if delay == .zero { line.draw() }
        Thread.detachNewThread { line.redrawUntilFinished() }
        return line
    }

    private init(_ text: String) {
        state = Mutex(State(text: text))
    }

    /// Says what the step is doing now.
    func update(_ text: String) {
        state.withLock { $0.text = text }
    }

    /// Clears the line, if it was drawn; nothing is drawn after. Later calls do nothing.
    func finish() {
        state.withLock { state in
            if state.drawn, !state.finished { Output.status("\r\u{1B}[2K") }
            state.finished = true
        }
    }

    private func redrawUntilFinished() {
        while true {
            usleep(Self.interval)
            guard draw() else { return }
        }
    }

    /// Draws the line once the delay has passed; `false` once the step has finished.
    @discardableResult
    private func draw() -> Bool {
        let elapsed = ContinuousClock.now - start
        return state.withLock { state -> Bool in
            guard !state.finished else { return false }
            guard elapsed >= Self.delay else { return true }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            Output.status("\r\u{1B}[2K\(state.text) \(String(format: "%.1f", seconds))s")
            state.drawn = true
            return true
        }
    }
}
