import ContactCore

/// SPEC 13's storage failures: an operation on a disk that fails (``StorageFaults``).
extension Runner {
    static let storageFailures = "SPEC 13 storage failures"

    /// `operation`, whose commits may fail. A commit that failed threw the error its fault
    /// calls for and left nothing behind: the device in memory is as it was, nobody heard of
    /// it, and the model goes on without it (the person still saw any prompt it answered, and keeps the answer for the next).
    /// The device stays usable: the next operation runs on it (Decisions, SPEC 13). When the
    /// power went off, the device is reopened from what the disk kept, which must be every
    /// commit that returned (``reopen()`` compares it with the live device).
    mutating func perform(_ operation: Op, failing faults: any StorageFaults) throws(Failure) {
        faults.operationStarts()
        let (before, image) = (model, device.image)
        let (contactsBefore, groupsBefore) = (contacts, groups)
        let heard = inbox.withLock { $0.map { $0.count } }
        var failure: Failure?
        do { try performChecked(operation) } catch { failure = error }
        let failed = faults.takeFailedCommits()
        if failed.isEmpty, let failure { throw failure }
        if let error = failed.first {
            let expected = faults.expectedCodes
            if let wrong = failed.first(where: { !expected.contains($0.code) }) {
                throw fail(Self.storageFailures, "a failed commit threw \(wrong), not one of \(expected.map { "\($0)" }.sorted())")
            }
            if failure == nil {
                throw fail(Self.storageFailures, "a commit failed (\(error)), yet the call returned as if it had not")
            }
            // A call from `notDetermined` first prompts and commits the answer (SPEC 3), then
            // makes its own commit: when the answer's commit returned and the call's own
            // failed, the answer stays, and the device holds nothing else of the call.
            var kept = before
            let prompted = model.apps.indices.filter { before.apps[$0].status == .notDetermined && model.apps[$0].status != .notDetermined }
            var after = device.image
            if !prompted.isEmpty, model.promptsShown - before.promptsShown >= prompted.count,
               after.meta.lastSequence == image.meta.lastSequence + UInt64(prompted.count) {
                kept.answer = model.answer
                for app in prompted { _ = kept.requestAccess(app) }
                // The statuses, permitted sets and the answer's commit are checked against the
                // model below (``checkAccess()``, ``checkNotifications(since:heard:)``).
                (after.apps, after.permitted, after.history, after.meta.lastSequence) = (image.apps, image.permitted, image.history, image.meta.lastSequence)
            }
            if after != image {
                throw fail(Self.storageFailures, "a failed commit (\(error)) changed the device in memory: \(image.difference(from: after))")
            }
            // The person's side stays: the prompts shown, and the answer installed for later ones.
            let (shown, answer) = (model.promptsShown, model.answer)
            model = kept
            (model.promptsShown, model.answer) = (shown, answer)
            (contacts, groups) = (contactsBefore, groupsBefore)
            try checkAccess()
            try checkNotifications(since: before.commits.count, heard: heard)
        }
        if faults.operationEnds(acknowledging: model.commits.count - before.commits.count) { try reopen() }
    }
}
