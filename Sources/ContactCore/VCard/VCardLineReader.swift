#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Splits vCard bytes into unfolded content lines, in one pass and without backtracking.
///
/// A line ends at CR LF, CR CR LF (what some mail paths make of CR LF), a CR alone or an LF
/// alone (SPEC 12); a line that starts with a space or a tab continues the one before (the
/// line break and that one character are removed). A line that is not folded is handed out in place; a folded one is joined in a reused buffer. Every line
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

    /// The line's physical extent: content `start..<end` (no line end) and where the next begins.
    /// Looks at most `limit` content bytes ahead; `end` is `nil` when the line is longer.
    private func physicalLine(from start: Int, limit: Int) -> (end: Int?, next: Int, cut: Bool) {
        // One byte beyond the limit, and the line end's first byte: enough to see the end of a line that fits.
        let window = min(bytes.count - start, limit + 2)
        guard let (end, next) = lineEnd(from: start, within: window) else {
            if window == bytes.count - start { return (bytes.count - start > limit ? nil : bytes.count, bytes.count, false) }
            // Too long: the rest is skipped only if reading goes on (see `skipRest`).
            return (nil, start + window, true)
        }
        return (end - start > limit ? nil : end, next, false)
    }

    /// The first line end in `bytes[start..<start + count]`: where the content stops and the
    /// next line starts. CR LF, CR CR LF, a CR alone and an LF alone each end one line.
    private func lineEnd(from start: Int, within count: Int) -> (end: Int, next: Int)? {
        guard let base = bytes.baseAddress, count > 0 else { return nil }
        let lf = memchr(base + start, 10, count).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        // A CR ends the line too, so only a CR before the LF (or in the whole span) matters.
        guard let crPointer = memchr(base + start, 13, (lf ?? start + count) - start) else { return lf.map { ($0, $0 + 1) } }
        let cr = base.distance(to: crPointer.assumingMemoryBound(to: UInt8.self))
        if cr + 1 < bytes.count, bytes[cr + 1] == 10 { return (cr, cr + 2) }
        if cr + 2 < bytes.count, bytes[cr + 1] == 13, bytes[cr + 2] == 10 { return (cr, cr + 3) }
        return (cr, cr + 1)
    }

    /// Moves past the rest of a line that was too long, and its continuations: done when the
    /// next line is asked for, so a strict read that stops at the error never scans the rest.
    private mutating func skipRest() {
        guard skipPending else { return }
        skipPending = false
        position = lineEnd(from: position, within: bytes.count - position)?.next ?? bytes.count
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
        // Counted apart from `joined`, which stops growing at a NUL byte: the limit wins over it.
        var length = end - start
        while isContinuation(at: position) {
            let pieceStart = position + 1
            let room = maximumLineLength - length
            let (pieceEnd, pieceNext, cut) = physicalLine(from: pieceStart, limit: max(room, 0))
            nextLineNumber += 1
            position = pieceNext
            guard let pieceEnd else {
                if cut { skipPending = true } else { skipContinuations() }
                throw VCardFailure(.lineTooLong, "The unfolded line is longer than \(maximumLineLength) bytes.")
            }
            length += pieceEnd - pieceStart
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
