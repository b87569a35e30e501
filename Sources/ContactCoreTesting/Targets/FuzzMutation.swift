import Foundation

extension FuzzTarget {
    /// libFuzzer's custom mutator: for a program target one program-level edit (``Mutator``)
    /// whose program this process has not yet run, for a vCard target an edit of its lines
    /// (``VCardMutator``); or else libFuzzer's own byte mutation (`byteMutation`,
    /// `LLVMFuzzerMutate`), which also takes a share of the calls (``byteMutationPercent``) so
    /// that nothing the bytes reach is lost.
    package func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, seed: UInt32,
                        byteMutation: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int, on backEnd: BackEnd = .memory) -> Int {
        var random = SeededGenerator(seed: UInt64(seed))
        func newBytes() -> Int { newByteMutation(data, size, maxSize, byteMutation: byteMutation, on: backEnd) }
        guard Int.random(in: 0..<100, using: &random) >= Self.byteMutationPercent else { return newBytes() }
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let edited = vCardCheck != nil ? VCardMutator(maxSize: maxSize, dictionary: Self.dictionary).mutate(bytes, using: &random)
            : withoutActuallyEscaping(byteMutation) { byteMutation in
                // One record's bytes, in a buffer of a record's greatest length.
                Mutator(profile: profile, maxSize: maxSize, dictionary: Self.dictionary).mutate(bytes, using: &random, byteMutation: { body in
                    var buffer = body + [UInt8](repeating: 0, count: Int(UInt8.max) - body.count)
                    let count = buffer.withUnsafeMutableBufferPointer { room in room.baseAddress.map { byteMutation($0, body.count, room.count) } ?? 0 }
                    return Array(buffer.prefix(count))
                }, isNew: { isNew($0, on: backEnd) })
            }
        guard let mutated = edited else { return newBytes() }
        _ = UnsafeMutableBufferPointer(start: data, count: mutated.count).update(from: mutated)
        return mutated.count
    }

    /// libFuzzer's custom cross-over: `first`'s header and first operations (lines), then
    /// `second`'s last ones; 0 (none made) when no split is a new program, or when mutation is
    /// byte-level only.
    package func crossOver(_ first: UnsafePointer<UInt8>, _ firstSize: Int, _ second: UnsafePointer<UInt8>, _ secondSize: Int,
                           into out: UnsafeMutablePointer<UInt8>, _ maxSize: Int, seed: UInt32, on backEnd: BackEnd = .memory) -> Int {
        guard Self.byteMutationPercent < 100 else { return 0 }
        var random = SeededGenerator(seed: UInt64(seed))
        let (a, b) = (Array(UnsafeBufferPointer(start: first, count: firstSize)), Array(UnsafeBufferPointer(start: second, count: secondSize)))
        let made = vCardCheck != nil ? VCardMutator(maxSize: maxSize).crossOver(a, b, using: &random)
            : Mutator(profile: profile, maxSize: maxSize).crossOver(a, b, using: &random, isNew: { isNew($0, on: backEnd) })
        guard let spliced = made else { return 0 }
        _ = UnsafeMutableBufferPointer(start: out, count: spliced.count).update(from: spliced)
        return spliced.count
    }

    /// libFuzzer's byte mutation of `data`, made again from the same bytes, up to
    /// ``byteAttempts`` times, while a program target's result decodes to a program that passed:
    /// the entry point skips such an input unrun, so it would find nothing. Made once when
    /// mutation is byte-level only, the build the edits are measured against.
    private func newByteMutation(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int,
                                 byteMutation: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int, on backEnd: BackEnd) -> Int {
        guard vCardCheck == nil, Self.byteMutationPercent < 100 else { return byteMutation(data, size, maxSize) }
        let original = Array(UnsafeBufferPointer(start: data, count: size))
        var count = size
        for attempt in 0..<Self.byteAttempts {
            if attempt > 0 { _ = UnsafeMutableBufferPointer(start: data, count: size).update(from: original) }
            count = byteMutation(data, size, maxSize)
            let program = Decoder.decode(Array(UnsafeBufferPointer(start: data, count: count)), profile: profile).program
            if isNew(program, on: backEnd) { break }
        }
        return count
    }

    /// How many byte mutations are tried for a new program before the last is kept.
    private static let byteAttempts = 8

    /// Whether this process has not yet run `decoded`, an input's program as it decodes, and seen it pass.
    package func isNew(_ decoded: Program, on backEnd: BackEnd = .memory) -> Bool {
        let fingerprint = PassedPrograms.fingerprint(running(decoded), on: backEnd)
        return !Self.passed.withLock { $0.contains(fingerprint) }
    }

    /// The share of mutations, in percent, left to libFuzzer's byte mutation:
    /// `CONTACTCORE_BYTE_MUTATIONS`, or 20.
    ///
    /// `100` turns the program-level and line-level edits off. From an empty corpus the edits
    /// find the 83 planted bugs of the mutated targets in a median 0.50 of byte mutation's time,
    /// none in more than 10 s (Fuzz/RESULTS.md, "The 67 program mutants on the code of the
    /// repeats' change"); in five minutes their corpus reaches as many edges ("Charsets, long
    /// values and the dictionary in the vCard edits").
    package static let byteMutationPercent = ProcessInfo.processInfo.environment["CONTACTCORE_BYTE_MUTATIONS"]
        .flatMap { Int($0) }.map { min(max($0, 0), 100) } ?? 20

    /// The dictionary libFuzzer was given (`-dict=` among the process's arguments), read once;
    /// empty without one or when it cannot be read.
    static let dictionary: FuzzDictionary = {
        guard let path = CommandLine.arguments.last(where: { $0.hasPrefix("-dict=") })?.dropFirst("-dict=".count),
              let data = FileManager.default.contents(atPath: String(path)) else { return FuzzDictionary() }
        return FuzzDictionary(parsing: String(decoding: data, as: UTF8.self))
    }()

    /// `CONTACTCORE_CANONICAL_OUT`: a folder where each input's canonical encoding is written
    /// instead of running it (`fuzz canonicalize`, which migrates a corpus).
    static let canonicalFolder = ProcessInfo.processInfo.environment["CONTACTCORE_CANONICAL_OUT"]

    /// Writes `bytes`' canonical encoding (a vCard target's input as it is) into `folder`, named
    /// by the FNV-1a hash of `bytes` in hexadecimal, which the fuzzing tool computes too.
    func writeCanonical(_ bytes: [UInt8], into folder: String) {
        let canonical = vCardCheck == nil ? Decoder.canonical(bytes, profile: profile).encoding.bytes : bytes
        let name = bytes.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        let path = "\(folder)/\(String(name, radix: 16))"
        if !FileManager.default.createFile(atPath: path, contents: Data(canonical)) {
            print("could not write the canonical input to \(path)")
        }
    }
}
