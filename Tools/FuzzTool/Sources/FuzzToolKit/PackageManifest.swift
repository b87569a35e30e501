import Foundation

/// The part of `swift package dump-package`'s JSON the tool reads: each target's name, kind,
/// path and dependencies.
public struct PackageManifest: Decodable, Sendable {
    public struct Target: Decodable, Sendable {
        public let name: String
        /// "regular", "executable", "test", ...
        public let type: String
        public let path: String?
        public let dependencies: [Dependency]

        func dependsOn(_ module: String) -> Bool { dependencies.contains { $0.name == module } }
    }

    /// A dependency is `{"byName": [name, condition]}`, `{"target": [...]}` or `{"product": [...]}`;
    /// each array starts with the name.
    public struct Dependency: Decodable, Sendable {
        public let name: String?

        private struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else {
                name = nil
                return
            }
            var values = try container.nestedUnkeyedContainer(forKey: key)
            name = try values.decodeIfPresent(String.self)
        }
    }

    public let name: String
    public let targets: [Target]

    public init(json: Data) throws(FuzzToolError) {
        do {
            self = try JSONDecoder().decode(PackageManifest.self, from: json)
        } catch {
            throw .failure("cannot read `swift package dump-package`'s JSON: \(error)")
        }
    }
}
