import ContactCoreTesting
import Foundation
import Testing

/// Any bytes are a program: empty, one byte, the longest useful input and random bytes run
/// every target without a crash, within a second each; FuzzLargeStores within ten (a debug
/// build's program on a store of up to 4,096 contacts, whose first one also makes the start).
@Suite struct BadInputTests {
    static func inputs() -> [[UInt8]] {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<50).map { _ in (0..<Int.random(in: 0...600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        let versioned = random.map { [Decoder.version] + $0 }
        // FuzzVCard's vocabulary language (a leading zero): the longest runs on every line, too.
        let spelled = random.map { [0] + $0 } + [[0] + Array(repeating: 0xFF, count: 4096), [0, 0] + Array(repeating: [0x10, 0, 0, 0xFF, 0xF1, 0xFF, 0xF3, 0xFF, 0xF7, 0xFF, 0xF6, 0xFF], count: 24).joined()]
        return [[], [0], [Decoder.version], [0xFF], Array(repeating: 0xFF, count: 4096), Array(repeating: Decoder.version, count: 4096),
                [Decoder.version] + Array(repeating: 0xFF, count: 4096)] + random + versioned + spelled
    }

    @Test(arguments: FuzzTarget.allCases)
    func anyBytesRunQuickly(_ target: FuzzTarget) {
        for input in Self.inputs() {
            let start = ContinuousClock.now
            let failure = target.check(input)
            #expect(failure == nil, "\(target.rawValue) \(input.prefix(32)): \(failure.map(String.init(describing:)) ?? "")")
            let limit: Duration = target == .largeStores ? .seconds(10) : .seconds(1)
            #expect(ContinuousClock.now - start < limit, "\(target.rawValue) took over \(limit) on \(input.count) bytes")
        }
    }

    @Test func aProgramIsBounded() {
        let program = FuzzTarget.permittedSet.program([Decoder.version] + Array(repeating: 1, count: 4096))
        #expect(program.operations.count <= Decoder.maximumOperations)
        #expect(Vocabulary.casts.contains(program.people))
    }
}
