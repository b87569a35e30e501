#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Splits vCard bytes into unfolded content lines, in one pass and without backtracking.
///
/// A line ends at LF, with one CR before it dropped; a line that starts with a space or a tab
/// continues the one before (the line break and that one character are removed). A line that
/// is not folded is handed out in place; a folded one is joined in a reused buffer. Every line
/// is checked for NUL bytes and for ``VCardLimits/maximumLineLength`` as it is read, and a
/// line over the limit is skipped without being copied, however long it is.
struct VCardLineReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumLineLength: Int
    private var position = 0
    /// The physical line the next read starts on.
    private var nextLineNumber = 1
    private let joined = VCardByteBuffer()
    private let softJoined = VCardByteBuffer()
    private var skipPending = false
    /// The physical line the last line handed out (or failed) starts on.
    private(set) var lineNumber = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumLineLength: Int) {
        self.bytes = bytes
        self.maximumLineLength = maximumLineLength
        // A UTF-8 byte order mark is not content.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    var isAtEnd: Bool { position >= bytes.count && !skipPending }

    /// The line's physical extent: content `start..<end` (no CR LF) and where the next begins.
    /// Looks at most `limit` content bytes ahead; `end` is `nil` when the line is longer.
    private func physicalLine(from start: Int, limit: Int) -> (end: Int?, next: Int, cut: Bool) {
        guard let base = bytes.baseAddress else { return (start, start, false) }
        let remaining = bytes.count - start
        // One byte beyond the limit, plus CR, plus LF: enough to see the end of a line that fits.
        let window = min(remaining, limit + 2)
        if let found = memchr(base + start, 10, window) {
            let lf = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var end = lf
            if end > start, bytes[end - 1] == 13 { end -= 1 }
            return (end - start > limit ? nil : end, lf + 1, false)
        }
        if window == remaining {
            var end = bytes.count
            if end > start, bytes[end - 1] == 13 { end -= 1 }
            return (end - start > limit ? nil : end, bytes.count, false)
        }
        // Too long: the rest is skipped only if reading goes on (see `skipRest`).
        return (nil, start + window, true)
    }

    /// Moves past the rest of a line that was too long, and its continuations: done when the
    /// next line is asked for, so a strict read that stops at the error never scans the rest.
    private mutating func skipRest() {
        guard skipPending, let base = bytes.baseAddress else { return }
        skipPending = false
        let tail = position < bytes.count ? memchr(base + position, 10, bytes.count - position) : nil
        position = tail.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1 } ?? bytes.count
        skipContinuations()
    }

    private func containsNUL(_ start: Int, _ end: Int) -> Bool {
        guard let base = bytes.baseAddress, end > start else { return false }
        return memchr(base + start, 0, end - start) != nil
    }

    private func isContinuation(at index: Int) -> Bool {
        index < bytes.count && (bytes[index] == 32 || bytes[index] == 9)
    }

    /// The next unfolded line, or `nil` at the end. A line that fails (too long, a NUL byte)
    /// is consumed whole, with its continuations, so the caller may go on reading after it;
    /// the rest of a line too long is skipped only when the next line is asked for.
    mutating func next() throws(VCardFailure) -> UnsafeBufferPointer<UInt8>? {
        skipRest()
        guard position < bytes.count else { return nil }
        lineNumber = nextLineNumber
        let start = position
        let (end, next, cut) = physicalLine(from: start, limit: maximumLineLength)
        nextLineNumber += 1
        position = next
        guard let end else {
            if cut { skipPending = true } else { skipContinuations() }
            throw VCardFailure(.lineTooLong, "The line is longer than \(maximumLineLength) bytes.")
        }
        var failure: VCardFailure? = containsNUL(start, end) ? VCardFailure(.nulByte, "The line contains a NUL byte.") : nil
        guard isContinuation(at: position) else {
            if let failure { throw failure }
            return UnsafeBufferPointer(rebasing: bytes[start..<end])
        }
        joined.removeAll()
        joined.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        while isContinuation(at: position) {
            let pieceStart = position + 1
            let room = maximumLineLength - joined.count
            let (pieceEnd, pieceNext, cut) = physicalLine(from: pieceStart, limit: max(room, 0))
            nextLineNumber += 1
            position = pieceNext
            guard let pieceEnd else {
                if cut { skipPending = true } else { skipContinuations() }
                throw VCardFailure(.lineTooLong, "The unfolded line is longer than \(maximumLineLength) bytes.")
            }
            if failure == nil, containsNUL(pieceStart, pieceEnd) {
                failure = VCardFailure(.nulByte, "The line contains a NUL byte.")
            }
            if failure == nil { joined.append(UnsafeBufferPointer(rebasing: bytes[pieceStart..<pieceEnd])) }
        }
        if let failure { throw failure }
        return joined.view
    }

    /// Quoted-printable's soft line break: `line` ended with `=`, so the next line (with its
    /// own folds) continues it. Returns the longer line, or `line` without its `=` at the end
    /// of the data. Joins in a buffer of its own, so a value of many soft breaks stays linear.
    mutating func continueSoftBreak(_ line: UnsafeBufferPointer<UInt8>) throws(VCardFailure) -> UnsafeBufferPointer<UInt8> {
        let startLine = lineNumber
        defer { lineNumber = startLine }
        if line.baseAddress != softJoined.view.baseAddress || line.count != softJoined.count {
            softJoined.removeAll()
            softJoined.append(line)
        }
        softJoined.removeLast(1)
        guard let more = try next() else { return softJoined.view }
        guard softJoined.count + more.count <= maximumLineLength else {
            throw VCardFailure(.lineTooLong, "The unfolded line is longer than \(maximumLineLength) bytes.")
        }
        softJoined.append(more)
        return softJoined.view
    }

    /// Skips the continuation lines of a line that was rejected.
    private mutating func skipContinuations() {
        while isContinuation(at: position) {
            let (_, next, _) = physicalLine(from: position + 1, limit: Int.max / 2)
            nextLineNumber += 1
            position = next
        }
    }
}
