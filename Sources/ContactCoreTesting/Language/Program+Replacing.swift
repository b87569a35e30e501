extension Program {
    /// The program with each operation of its sequence replaced by the operations
    /// `replacement` makes of it, in order.
    ///
    /// The first of them stands where the operation stood: a reopen after the operation comes
    /// right after it, before the rest; an operation replaced by none takes its reopen with it.
    package func replacingEachOperation(_ replacement: (Op) -> [Op]) -> Program {
        var replaced = self
        replaced.operations = []
        replaced.reopensAfter = []
        for (index, operation) in operations.enumerated() {
            let operations = replacement(operation)
            if reopensAfter.contains(index), !operations.isEmpty { replaced.reopensAfter.insert(replaced.operations.count) }
            replaced.operations += operations
        }
        return replaced
    }
}
