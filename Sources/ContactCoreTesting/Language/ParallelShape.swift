/// Bytes 3 and 4 of a parallel program (`Fuzz/FORMAT.md`): how many operations go to the
/// prefix, to each branch and to the suffix, and which apps the branches call.
///
/// The records that follow are dealt out in that order, so dropping one (the reducer) moves
/// the next operation from a branch into the prefix or from the suffix into a branch.
struct ParallelShape {
    var prefix: Int
    var branches: [Int]
    var suffix: Int
    /// 0: each operation keeps its app; 1: branch i calls app i; 2 and 3: every branch calls `app`.
    var mode: Int
    var app: Int

    /// The two bytes it was read from.
    let bytes: (shape: UInt8, lengths: UInt8)

    init(_ shape: UInt8, _ lengths: UInt8) {
        bytes = (shape, lengths)
        prefix = Int(shape >> 5)
        mode = Int(shape >> 1 & 3)
        app = Int(shape >> 3 & 3) % Cast.actors
        branches = (0..<(2 + Int(shape & 1))).map { 1 + Int(lengths >> (2 * $0) & 3) }
        suffix = Int(lengths >> 6)
    }

    var count: Int { prefix + branches.reduce(0, +) + suffix }

    /// The prefix and the parallel part.
    func split(_ operations: [Op]) -> (prefix: [Op], parallel: Parallel) {
        var rest = operations[...]
        func take(_ n: Int) -> [Op] {
            defer { rest = rest.dropFirst(n) }
            return Array(rest.prefix(n))
        }
        let head = take(prefix)
        let branches = branches.enumerated().map { index, length in
            take(length).map { op in
                switch mode {
                case 0: op
                case 1: op.by(index % Cast.actors)
                default: op.by(app)
                }
            }
        }
        return (head, Parallel(branches: branches, suffix: take(suffix)))
    }
}
