import ContactCore

/// A device's storage with a ``FaultDisk`` told of every commit it failed, and the error.
final class ObservedStorage: DeviceStorage {
    private let storage: any DeviceStorage
    private let disk: FaultDisk

    init(_ storage: any DeviceStorage, disk: FaultDisk) {
        self.storage = storage
        self.disk = disk
    }

    var path: String? { storage.path }

    func write(_ changes: StorageWrite) throws(ContactError) {
        do {
            try storage.write(changes)
        } catch {
            disk.commitFailed(error)
            throw error
        }
    }

    func close() { storage.close() }
}
