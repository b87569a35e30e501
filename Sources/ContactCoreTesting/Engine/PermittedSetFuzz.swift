import ContactCore

// STUB: its owner replaces this file.
enum PermittedSetFuzz {
    static func run(_ data: [UInt8]) {}
}
