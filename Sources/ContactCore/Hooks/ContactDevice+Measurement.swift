extension ContactDevice {
    /// Drops the device's search index, so a benchmark can measure the memory it held.
    ///
    /// Only for measuring: afterwards every search of this device finds nothing (the index
    /// says no contact has any name, number or address), so the benchmark throws the device
    /// away right after. Behind `@_spi(Hooks)`: no app or test reaches it by accident.
    @_spi(Hooks) public func discardSearchIndexToMeasureMemory() {
        state.withLock { $0.discardSearchIndex() }
    }
}
