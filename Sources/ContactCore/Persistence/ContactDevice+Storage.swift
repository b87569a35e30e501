extension ContactDevice {
    /// A device in the state a storage read back, committing to that storage from now on:
    /// the image, and the contacts of `table` (which a reader fills without an array of rows).
    ///
    /// - Throws: ``ContactError/Code/storageCorrupt`` if the image breaks a rule of the device.
    package convenience init(image: DeviceImage, table: ContactTable? = nil, storage: any DeviceStorage) throws(ContactError) {
        self.init(state: try DeviceState(image: image, table: table, storage: storage))
    }

    /// Everything the device would keep in storage, in canonical order: what a new database
    /// starts from, and what two back ends compare.
    package var image: DeviceImage { state.withLock { $0.image } }

    /// Moves this in-memory device onto a storage that `open` makes from its image; it then
    /// commits there. For tests and tools that build a device in memory and keep it.
    package func attachStorage(
        _ open: (DeviceImage) throws(ContactError) -> any DeviceStorage
    ) throws(ContactError) {
        try state.withLock { (state) throws(ContactError) in
            precondition(state.storage == nil, "the device already has a storage")
            state.storage = try open(state.image)
            state.markPersisted()
        }
    }

    /// Puts `wrap`'s storage around the device's own, for a test that watches every write
    /// and what it threw. Does nothing to a device in memory.
    package func wrapStorage(_ wrap: (any DeviceStorage) -> any DeviceStorage) {
        state.withLock { state in
            if let storage = state.storage { state.storage = wrap(storage) }
        }
    }

    /// The database file the device commits to; `nil` for a device in memory or a closed one.
    public var databasePath: String? { state.withLock { $0.storage?.path } }

    /// Releases the device's database file, so that another device may open it.
    ///
    /// Reads keep answering from memory; every later commit (a save, a Settings change, a
    /// grant) throws ``ContactError/Code/storageClosed``. Does nothing to a device in memory
    /// but make its commits throw the same way. Closing twice is harmless.
    public func close() {
        state.withLock { state in
            state.storage?.close()
            state.storage = ClosedStorage()
        }
    }
}
