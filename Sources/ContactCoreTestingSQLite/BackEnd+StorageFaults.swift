import ContactCore
import ContactCoreSQLite
import ContactCoreTesting
import Foundation

extension BackEnd {
    /// SPEC 13 with storage failures: the SQLite back end, with full durability, on a
    /// ``FaultDisk`` of its own that fails as `schedule` says. For one run: the disk goes
    /// with its folder when the run finishes.
    ///
    /// Every reopen first heals the disk (a full disk is freed; after a power loss each file
    /// is put back as its last sync left it). A reopen that a fault makes fail must throw a
    /// storage error of the fault's kind, and then succeed once the disk is healed.
    package static func sqlite(failing schedule: FaultSchedule, in base: URL = faultBase) -> BackEnd {
        let folder = SQLiteFolder(in: base)
        let disk = FaultDisk(folder: folder.folder.resolvingSymlinksInPath().path, schedule: schedule)
        let path = folder.path
        let options = ContactDatabaseOptions(durability: .full)
        @Sendable func open(_ options: ContactDatabaseOptions = options) throws(ContactError) -> ContactDevice {
            let device = try ContactDevice.open(databaseAt: path, options: options)
            device.wrapStorage { ObservedStorage($0, disk: disk) }
            return device
        }
        @Sendable func reopen(_ device: ContactDevice) throws(ContactError) -> ContactDevice {
            device.close()
            let faulted = disk.heal()
            do {
                let reopened = try open()
                if faulted { StorageFaultFigures.shared.checked(reopened) }
                return reopened
            } catch {
                guard disk.heal() else { throw error }
                guard disk.expectedCodes.contains(error.code) else {
                    throw ContactError(error.code, "opening under \(schedule) threw \(error), not one of \(disk.expectedCodes.map { "\($0)" }.sorted())")
                }
                let reopened = try open()
                StorageFaultFigures.shared.checked(reopened)
                return reopened
            }
        }
        return BackEnd(
            name: "SQLite with \(schedule)",
            adopt: { (device) throws(ContactError) in
                try device.saveAsDatabase(at: path, options: options)
                device.close()
                return try open()
            },
            create: { (seed, identity, sortOrder, historyLimit) throws(ContactError) in
                var options = options
                (options.seed, options.identity, options.defaultSortOrder, options.historyLimit) = (seed, identity, sortOrder, historyLimit)
                return try open(options)
            },
            reopen: reopen,
            finish: { device in
                device.close()
                StorageFaultFigures.shared.add(disk)
                disk.remove()
                folder.remove()
            },
            faults: disk)
    }

    /// ``SQLiteFolder/memoryFileSystem`` where there is one, else the temporary folder.
    package static let faultBase = SQLiteFolder.memoryFileSystem ?? FileManager.default.temporaryDirectory
}
