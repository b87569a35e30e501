import ContactCoreTesting
import Foundation
import PropertyBased
import Testing

/// The canonical encoding (Fuzz/FORMAT.md, "Canonical encoding"): any bytes and their
/// canonical bytes decode to the same program, and the canonical bytes are their own.
@Suite struct EncodingPropertyTests {
    static let programTargets = FuzzTarget.allCases.filter { $0.vCardCheck == nil }

    /// A version of 2 to 5 (the first byte), five header bytes, then records of any bytes.
    static let inputs = zip(Gen.uint8().array(of: 6), Gen.uint8().array(of: 0...24).array(of: 0...18))
        .map { (header: [UInt8], records: [[UInt8]]) -> [UInt8] in
            var bytes = [Decoder.version + header[0] % 4] + header.dropFirst()
            for record in records { bytes += [UInt8(record.count)] + record }
            return bytes
        }

    @Test(arguments: programTargets)
    func canonicalBytesDecodeToTheSameProgram(_ target: FuzzTarget) async {
        await propertyCheck(count: 2_000, input: Self.inputs) { bytes in
            let (program, encoding) = Decoder.canonical(bytes, profile: target.profile)
            let again = Decoder.canonical(encoding.bytes, profile: target.profile)
            #expect(again.program == program, "\(bytes) → \(encoding.bytes)")
            #expect(again.encoding.bytes == encoding.bytes, "not its own canonical encoding: \(encoding.bytes)")
            // The mutator's cheap reading: cut at the records, canonical bytes are the same records.
            #expect(Encoding(splitting: encoding.bytes).records.map(\.body) == encoding.records.map(\.body))
        }
    }

    /// A save's steps begin where the decoder began each: taking out its last step leaves the
    /// save's first steps, and a copy of its first put behind its last adds steps behind them
    /// (``Mutator/Edit/step``); before the last, when that one ran out of bytes, which then
    /// reads a byte put behind it.
    @Test(arguments: programTargets)
    func aSavesStepsAreWhereTheDecoderReadThem(_ target: FuzzTarget) async {
        await propertyCheck(count: 1_000, input: Self.inputs) { bytes in
            guard let version = bytes.first, !Decoder.isParallel(version) else { return }
            let (program, encoding) = Decoder.canonical(bytes, profile: target.profile)
            for (r, record) in encoding.records.enumerated() {
                guard case .save(_, _, let steps) = program.operations[r] else {
                    #expect(record.steps.isEmpty)
                    continue
                }
                #expect(record.steps.first.map { $0 == 3 } ?? true, "\(record)")
                #expect(zip(record.steps, record.steps.dropFirst()).allSatisfy(<) && record.steps.allSatisfy { $0 < record.body.count })
                guard let last = record.steps.indices.last else { continue }
                func save(_ edit: (inout Encoding.Record) -> Void) -> [Step]? {
                    var edited = encoding
                    edit(&edited.records[r])
                    guard case .save(_, _, let steps) = Decoder.decode(edited.bytes, profile: target.profile).program.operations[r] else { return nil }
                    return steps
                }
                let fewer = save { $0.removeStep(at: last) } ?? []
                if record.lastStepIsShort {
                    // A last step said to have run out reads a byte put behind it.
                    var longer = encoding
                    longer.records[r].body.append(0x41)
                    let read = Decoder.canonical(longer.bytes, profile: target.profile).encoding.records[r].body
                    #expect(read.count > record.body.count, "\(record) read no byte behind its last step")
                }
                #expect(fewer.count < steps.count && steps.starts(with: fewer), "\(steps) → \(fewer)")
                // Behind a last step that ran out of bytes, nothing: it would read what follows it.
                guard record.steps.count < 4, let step = record.step(0) else { continue }
                let before = record.lastStepIsShort ? last : last + 1
                var inserted = false
                let more = save { inserted = $0.insertStep(step, at: before) } ?? []
                #expect(inserted)
                #expect(more.count > steps.count && more.starts(with: record.lastStepIsShort ? fewer : steps), "\(steps) → \(more)")
            }
        }
    }

    /// A record is at most 255 bytes behind its length byte: a save that a step would make
    /// longer takes none (a fuzzing run with the edits on trapped in ``Encoding/bytes`` before).
    @Test func aSaveDoesNotOutgrowItsLengthByte() {
        let body = [3, 0, 0x04, 4, 0, 1] + [UInt8](repeating: 0x41, count: 249)
        var save = Encoding.Record(raw: body)
        save.steps = [3, 6]
        guard let first = save.step(0) else {
            Issue.record("no first step")
            return
        }
        let inserted = save.insertStep(first, at: 0)
        #expect(!inserted && save.body == body && save.steps == [3, 6])
        save.removeStep(at: 1)
        let insertedNow = save.insertStep(first, at: 0)
        #expect(insertedNow && save.body.count == 9 && save.steps == [3, 6])
    }

    /// Any bytes at all, the version included.
    @Test(arguments: programTargets)
    func anyBytesRoundTrip(_ target: FuzzTarget) async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 0...64)) { bytes in
            let (program, encoding) = Decoder.canonical(bytes, profile: target.profile)
            #expect(Decoder.decode(encoding.bytes, profile: target.profile).program == program, "\(bytes)")
        }
    }

    /// Every checked-in seed is canonical for its target (`make fuzz-canonicalize` migrated them).
    @Test(arguments: programTargets)
    func seedsAreCanonical(_ target: FuzzTarget) throws {
        let folder = ReplayTests.root.appendingPathComponent("Corpus/\(target.rawValue)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let encoding = Decoder.canonical(bytes, profile: target.profile).encoding
            #expect(encoding.bytes == bytes, "Corpus/\(target.rawValue)/\(name) is not canonical")
        }
    }

    /// Two readings of one choice settle on the same byte: a request's answer 2 and 3 are both "full".
    @Test func equalChoicesSettleOnOneByte() {
        let profile = Profile.everything
        let request = UInt8(Profile.Kind.allCases.firstIndex(of: .request) ?? 0)
        let full = Decoder.canonical([4, 0, 0, 0, 3, request, 1, 2], profile: profile)
        let alsoFull = Decoder.canonical([4, 0, 0, 0, 3, request, 7, 3], profile: profile)
        #expect(full.program == alsoFull.program)
        #expect(full.encoding.bytes == alsoFull.encoding.bytes)
        #expect(full.encoding.bytes == [4, 0, 0, 0, 3, request, 1, 2])
    }
}
