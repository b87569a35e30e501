import ContactCore

// STUB: its owner replaces this file.
enum HistoryTokenFuzz {
    static func run(_ data: [UInt8]) {}
}
