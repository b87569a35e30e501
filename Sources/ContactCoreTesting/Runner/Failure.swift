/// A broken rule: which, where, and the program that shows it.
package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The SPEC section and rule, in its words.
    package var rule: String
    /// 1-based operation number (0: the set-up or the final sweep).
    package var step: Int
    package var detail: String
    /// The program as a Swift test, once ``Runner/check(_:profile:)`` has reduced it.
    package var test = ""

    package var description: String {
        "breaks \(rule) at operation \(step): \(detail)" + (test.isEmpty ? "" : "\n\n\(test)")
    }
}
