import ContactCore

// STUB: its owner replaces this file.
enum IdentifierFetchFuzz {
    static func run(_ data: [UInt8]) {}
}
