import ContactCore

// STUB: its owner replaces this file.
enum SearchMatchingFuzz {
    static func run(_ data: [UInt8]) {}
}
