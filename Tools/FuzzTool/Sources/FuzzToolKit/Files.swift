import Foundation

/// The few file-system questions the commands ask, relative to the package's folder.
public enum Files {
    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    public static func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    public static func read(_ path: String) throws(FuzzToolError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw .failure("cannot read \(path)") }
        return String(decoding: data, as: UTF8.self)
    }

    public static func readData(_ path: String) throws(FuzzToolError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else { throw .failure("cannot read \(path)") }
        return data
    }

    public static func write(_ text: String, to path: String) throws(FuzzToolError) {
        try write(Data(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws(FuzzToolError) {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw .failure("cannot write \(path)")
        }
    }

    public static func makeDirectory(_ path: String) throws(FuzzToolError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .failure("cannot make the folder \(path): \(error)")
        }
    }

    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    public static func size(_ path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The regular files directly in a folder (`find DIR -maxdepth 1 -type f`), as `DIR/name`, sorted.
    public static func files(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.map { "\(directory)/\($0)" }.filter { isRegularFile($0) }.sorted()
    }

    /// Every regular file under a folder, at any depth (`find DIR -type f`), as `DIR/...`, sorted.
    public static func filesRecursively(in directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = "\(directory)/\(relative)"
            if isRegularFile(path) { found.append(path) }
        }
        return found.sorted()
    }

    static func isRegularFile(_ path: String) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return attributes?[.type] as? FileAttributeType == .typeRegular
    }

    /// A new empty folder under the system's temporary one.
    public static func temporaryDirectory(_ prefix: String) throws(FuzzToolError) -> String {
        let path = "\(NSTemporaryDirectory())/\(prefix)-\(UUID().uuidString)"
        try makeDirectory(path)
        return path
    }

    /// The absolute path, with links resolved (`readlink -f`).
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}

extension Files {
    public static func copy(_ source: String, to destination: String) throws(FuzzToolError) {
        do {
            if exists(destination) { try FileManager.default.removeItem(atPath: destination) }
            try FileManager.default.copyItem(atPath: source, toPath: destination)
        } catch {
            throw .failure("cannot copy \(source) to \(destination): \(error)")
        }
    }
}
