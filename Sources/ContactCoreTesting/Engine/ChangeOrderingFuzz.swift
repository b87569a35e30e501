import ContactCore

// STUB: its owner replaces this file.
enum ChangeOrderingFuzz {
    static func run(_ data: [UInt8]) {}
}
