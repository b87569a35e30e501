/// The seed corpus and dictionary of `FuzzChangeOrdering`; `swift test` checks the files in
/// `Corpus/FuzzChangeOrdering/` and `Fuzz/Dictionaries/` against this list, and rewrites them
/// with `CONTACTCORE_WRITE_CORPUS=1 swift test --filter ChangeOrderingCorpusTests`.
public enum ChangeOrderingCorpus {
    public struct Seed: Sendable {
        public let name: String
        /// Device seed, writer count, then one operation byte per step (see ``ChangeOrderingFuzz``).
        public let bytes: [UInt8]
    }

    public static let seeds: [Seed] = [
        Seed(name: "add-then-delete-noise", bytes: [4, 3, 3, 0, 3, 0, 3, 0, 3, 0, 1, 2, 3, 0]),
        Seed(name: "churn", bytes: [5, 4, 56, 29, 144, 124, 201, 41, 228, 141, 220, 142, 214, 193, 76, 88, 116, 118, 248, 94, 145, 72, 189, 162, 24, 201, 205, 53, 205, 96, 104, 81, 172, 26, 0, 78, 50, 13, 104, 194, 128, 185]),
        Seed(name: "eight-writers-mixed", bytes: [2, 6, 77, 26, 48, 29, 111, 44, 214, 120, 216, 60, 28, 203, 112, 68, 213, 60, 159, 95, 96, 49, 35, 31, 107, 218, 237, 235, 153, 92, 40, 155, 255, 229, 37, 212, 172, 248, 22, 160, 177, 255, 235, 44, 241, 28, 229, 197, 9, 182]),
        Seed(name: "limited-writer-only-edits", bytes: [3, 0, 0, 4, 1, 5, 1, 9, 2, 0, 0, 1]),
        Seed(name: "two-writers-adds", bytes: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ]

    public static let dictionary = """
    # FuzzChangeOrdering (input format: Sources/ContactCoreTesting/Engine/ChangeOrderingFuzz.swift).
    # Byte 0 the device seed, byte 1 the writers (2 + value % 7), then one byte per operation of
    # writer `offset % writers`: low two bits add, update, delete, add-then-delete; the rest pick
    # which of the writer's own contacts. Tokens: the writer counts, and two writers working on
    # their first contacts in lockstep, which makes the most commits to interleave.
    two_writers="\\x00\\x00"
    four_writers="\\x00\\x02"
    eight_writers="\\x00\\x06"
    both_add_update_delete="\\x00\\x00\\x01\\x01\\x02\\x02"
    both_add_then_delete="\\x03\\x03"
    add_second_contact_twice="\\x04\\x04"
    update_then_delete_second="\\x05\\x06"

    """
}
