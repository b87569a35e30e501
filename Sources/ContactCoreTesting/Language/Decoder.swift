import ContactCore

/// Turns any bytes into a ``Program``: never fails, bounded work. `Fuzz/FORMAT.md` is the layout.
///
/// A target's ``Profile`` says which operation each opcode byte means, so one format serves
/// every target and a file of one target is a valid program for all.
package struct Decoder {
    package static let version: UInt8 = 2
    /// The first byte of a parallel program (``Parallel``): two more header bytes shape it.
    package static let parallelVersion: UInt8 = 3
    /// Version 2 with a device byte after the header (identity, history limit, accounts) and
    /// more token, step and container choices; 5 is its parallel program.
    package static let deviceVersion: UInt8 = 4
    /// A parallel program (as ``parallelVersion``) of version 4: the device byte follows the shape.
    package static let parallelDeviceVersion: UInt8 = 5
    package static let maximumOperations = 16

    /// Whether `version` is a parallel program's (3 or 5).
    package static func isParallel(_ version: UInt8) -> Bool { version == parallelVersion || version == parallelDeviceVersion }

    /// How many header bytes `version` has: 3, two more for a parallel program's shape, one
    /// more for the device byte (version 4 and 5); 0 for a version that is none.
    package static func headerLength(_ version: UInt8) -> Int {
        guard (Self.version...parallelDeviceVersion).contains(version) else { return 0 }
        return 3 + (isParallel(version) ? 2 : 0) + (version >= deviceVersion ? 1 : 0)
    }
    /// The least byte that stands for a raw value where a note, a birthday or a label's table
    /// index is read; its low bits say how the raw value is made.
    package static let rawByte: UInt8 = 0xF0

    let profile: Profile
    private var reader: ByteReader
    private var addsInSave = 0
    private var groupsInSave = 0
    /// Version 4 or 5: the choices added with the device byte.
    private var reachesDevice = false
    /// Bit 4 of the last save's header: close and reopen a persistent device after it.
    private var reopenAfterSave = false
    /// Recording: where each step of the last save begins in its record's canonical bytes, and
    /// whether its last step ran out of bytes.
    private var stepStarts: [Int] = []
    private var lastStepIsShort = false
    /// Whether ``encoding`` is written down as the bytes are read.
    private var recording = false
    private(set) var encoding = Encoding()

    package init(_ bytes: [UInt8], profile: Profile) {
        self.profile = profile
        reader = ByteReader(bytes[...])
    }

    /// The program, and for each operation the byte range of its record (what the reducer drops).
    package static func decode(_ bytes: [UInt8], profile: Profile) -> (program: Program, records: [Range<Int>]) {
        var decoder = Decoder(bytes, profile: profile)
        return decoder.program()
    }

    /// The program of `bytes` and its canonical encoding: the same program, spelled by the
    /// least bytes that read as it (``Encoding``).
    package static func canonical(_ bytes: [UInt8], profile: Profile) -> (program: Program, encoding: Encoding) {
        var decoder = Decoder(bytes, profile: profile)
        decoder.recording = true
        let program = decoder.program().program
        return (program, decoder.encoding)
    }

    /// A contact's values alone, in a save record's layout (``draft(_:)``).
    package static func draft(_ bytes: [UInt8]) -> Draft {
        var reader = ByteReader(bytes[...])
        return Decoder(bytes, profile: .everything).draft(&reader)
    }

    /// The bytes that ``ByteReader/rawText(_:)`` reads as `scalars`, with the byte before them
    /// that asks for a raw value of their count (at most 15).
    package static func rawTextBytes(_ scalars: some Collection<Unicode.Scalar>) -> [UInt8] {
        [rawByte | UInt8(min(scalars.count, 15))] + scalars.prefix(15).flatMap { scalar -> [UInt8] in
            let value = scalar.value
            return value < 0x80 ? [UInt8(value)] : [0x80 | UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
    }

    private mutating func program() -> (program: Program, records: [Range<Int>]) {
        var program = Program()
        let version = reader.byte()
        guard (Self.version...Self.parallelDeviceVersion).contains(version) else { return (program, []) }
        reachesDevice = version >= Self.deviceVersion
        let device = reader.byte()
        program.sortOrder = [SortOrder.givenName, .familyName, .none, .userDefault][Int(device & 3)]
        let setups = reader.byte()
        let limitedCount = Int(setups >> 6)
        program.initialStatus = (0..<Cast.actors).map { app in
            switch setups >> (2 * app) & 3 {
            case 1: .authorized
            case 2: .limited(limitedCount)
            case 3: .denied
            default: .notDetermined
            }
        }
        program.people = Vocabulary.casts[Int(device >> 2 & 0x0F)]
        program.checksInvariants = device & 0xC0 == 0xC0
        let shape = Self.isParallel(version)
            ? ParallelShape(reader.byte(), reader.byte()) : nil
        var deviceByte: UInt8 = 0
        if reachesDevice {
            let byte = reader.byte()
            deviceByte = byte
            program.device = DeviceSetup(identity: 1 + UInt64(byte & 1), historyLimit: DeviceSetup.historyLimits[Int(byte >> 1 & 3)],
                                         hasAccounts: byte & 8 != 0, hasGroups: byte & 0x10 != 0)
        }
        // A profile with crowds: every version's header picks one, by bits 2–4 of byte 1 (the
        // cast's low bits) XORed with bits 0–2 of byte 2 (the statuses), so that every cast
        // meets every size.
        if profile.crowds { program.device.crowd = DeviceSetup.crowdSizes[Int((device >> 2 ^ setups) & 7)] }
        if recording {
            encoding.header = [version, device, setups] + (shape.map { [$0.bytes.shape, $0.bytes.lengths] } ?? [])
                + (reachesDevice ? [deviceByte] : [])
        }
        var records: [Range<Int>] = []
        var operations: [Op] = []
        var reopens: Set<Int> = []
        while operations.count < shape?.count ?? Self.maximumOperations, !reader.isAtEnd {
            let start = reader.position
            let length = Int(reader.byte())
            var record = ByteReader(reader.take(length), recording: recording)
            if let operation = operation(&record) {
                if reopenAfterSave { reopens.insert(operations.count) }
                operations.append(operation)
                records.append(start..<reader.position)
                if recording {
                    encoding.records.append(Encoding.Record(body: record.canonical ?? [], domains: record.domains, steps: stepStarts,
                                                            lastStepIsShort: lastStepIsShort))
                }
            }
        }
        if let shape {
            (program.operations, program.parallel) = shape.split(operations)
            // Version 5: bit 5 restricts the app the branches share at the fork; bits 6–7 draw
            // the branches' references from that many of the newest contacts.
            if deviceByte & 0x20 != 0 { program.operations.append(.restrict(app: shape.app, true)) }
            if deviceByte >> 6 != 0 { program.parallel?.pool = Int(deviceByte >> 6) }
        } else {
            program.operations = operations
            program.reopensAfter = reopens
        }
        return (program, records)
    }

    private mutating func operation(_ r: inout ByteReader) -> Op? {
        reopenAfterSave = false
        stepStarts = []
        lastStepIsShort = false
        guard !r.isAtEnd else { return nil }
        let kind = profile.kinds[r.index(profile.kinds.count)]
        let appByte = r.byte()
        let app = Int(appByte) % Cast.actors
        let picksContacts = kind == .accessPicker && reachesDevice && appByte & 0x80 != 0
        r.settle { Int($0) % Cast.actors == app && ($0 & 0x80 != 0) == picksContacts }
        switch kind {
        case .request:
            let answer: Answer? = switch r.choice([0, 1, 2, 2, 4, 4]) {
            case 0: nil
            case 1: .deny
            case 2: .full
            default: .limited(refs(&r, maximum: 3))
            }
            return .request(app: app, answer: answer)
        case .settings:
            let setting: Setting = switch r.choice([0, 1, 2, 2, 4, 4]) {
            case 0: .full
            case 1: .deny
            case 2: .limited(refs(&r, maximum: 4))
            default: .edit(adding: refs(&r, maximum: 3), removing: refs(&r, maximum: 2))
            }
            return .settings(app: app, setting)
        case .restrict:
            return .restrict(app: app, r.index(2) == 1)
        case .save:
            let header = r.byte()
            r.settle(header & 0x1C | (header & 3) % UInt8(Cast.authors.count))
            reopenAfterSave = header & 0x10 != 0
            addsInSave = 0
            groupsInSave = 0
            var steps: [Step] = []
            for _ in 0...(header >> 2 & 3) where !r.isAtEnd {
                if recording { stepStarts.append(r.recorded) }
                steps += self.steps(&r)
            }
            // Only the last step can run out: after the end, every read does. (Steps are noted
            // only when recording.)
            lastStepIsShort = !stepStarts.isEmpty && r.ranShort
            addsInSave = 0
            groupsInSave = 0
            return .save(app: app, author: Int(header & 3) % Cast.authors.count, steps: steps)
        case .editFetched:
            let contact = ref(&r)
            let keys = Keys(bits: r.byte())
            return .editFetched(app: app, contact, keys: keys,
                                givenPerson: Vocabulary.latinGivenNames[r.index(Vocabulary.latinGivenNames.count)])
        case .fetch:
            let byte = r.byte()
            let kind = [0, 1, 1, 3, 3, 5, 6, 7][Int(byte % 8)] | (reachesDevice && byte % 8 == 7 ? byte & 8 : 0)
            r.settle(kind)
            let sort = [SortOrder.none, .givenName, .familyName, .userDefault][r.index(4)]
            let keys = Keys(bits: r.byte())
            let query: Query = switch kind % 8 {
            case 0: .all
            case 1: .identifiers(refs(&r, maximum: 4))
            case 3: .name(queryText(&r))
            case 5: .phone(r.index(Vocabulary.phones.count))
            case 6: .email(r.index(Vocabulary.emails.count))
            default: reachesDevice && kind & 8 != 0 ? .container(containerRef(&r)) : .group(groupRef(&r))
            }
            return .fetch(app: app, query, keys: keys, sort: sort)
        case .fetchOne:
            let contact = ref(&r)
            return .fetchOne(app: app, contact, keys: Keys(bits: r.byte()))
        case .history:
            let token: TokenPick = switch r.choice(Array([0, 1, 1, 1, 4, 5, 6, 7, 8].prefix(reachesDevice ? 9 : 6))) {
            case 0: .none
            case 1: .seen(Int(r.byte()))
            case 4: .limitedAccess
            case 5: .foreign(Array(r.take(r.index(9))))
            case 6: .otherDevice(Int(r.byte()))
            case 7: .atCommit(Int(r.byte()))
            default: .damaged(Int(r.byte()), index: Int(r.byte()), mask: r.byte())
            }
            let flags = r.byte()
            r.settle(flags & 7)
            let excluded = Int(flags >> 1 & 3)
            return .history(app: app, token: token, excludeAuthor: excluded == 1 || excluded == 2 ? excluded : nil,
                            includeGroups: flags & 1 == 1)
        case .accessPicker where reachesDevice && appByte & 0x80 != 0:
            let chosen = refs(&r, maximum: 4)
            return .contactPicker(app: app, chosen: chosen, keys: Keys(bits: r.byte()))
        case .accessPicker:
            let adding = refs(&r, maximum: 4)
            return .accessPicker(app: app, adding: adding, removing: refs(&r, maximum: 2))
        case .button:
            let query = queryText(&r)
            let flags = r.byte()
            r.settle(flags & (reachesDevice ? 0x0F : 0x07))
            let ignoredEmail = flags & 1 == 0 ? nil : r.index(Vocabulary.emails.count)
            let ignoredPhone = flags & 2 == 0 ? nil : r.index(Vocabulary.phones.count)
            let gray = r.index(Vocabulary.grays.count)
            let picks = (0..<r.index(4)).map { _ in Int(r.byte()) }
            let look = reachesDevice ? r.index(Vocabulary.buttonLooks.count) : 0
            let colors = reachesDevice && flags & 8 != 0 ? ButtonColors(foreground: rgb(&r), tint: rgb(&r), background: rgb(&r)) : nil
            return .button(app: app, Tap(query: query, ignoredEmail: ignoredEmail, ignoredPhone: ignoredPhone,
                                         foreground: gray, validated: flags & 4 == 0, picks: picks, look: look, colors: colors))
        }
    }

    /// One step, or (kinds 8 and 9, and version 4's kind 4 with bit 7) one of SPEC 11's
    /// repeated-touch patterns spelled out, so that a single byte reaches what coalescing and
    /// in-request order decide: update A, B, then A again; add a contact, update it, and delete
    /// it; add a group and rename it.
    private mutating func steps(_ r: inout ByteReader) -> [Step] {
        let byte = r.byte()
        let kind = profile.stepKind(byte, device: reachesDevice)
        // Bit 7 matters to version 4's kinds 4 and 5 only.
        let marked = reachesDevice && (kind == 4 || kind == 5) && byte & 0x80 != 0
        r.settle { profile.stepKind($0, device: reachesDevice) == kind && ($0 & 0x80 != 0) == marked }
        switch kind {
        case 8:
            // B is another contact than A when both are known (the next newer one on a tie),
            // so the order of their events is there to see.
            let a = ref(&r)
            var b = ref(&r)
            if case .known(let n) = a, b == a { b = .known(n + 1) }
            let first = draft(&r)
            return [.update(a, first), .update(b, first), .update(a, draft(&r))]
        case 9:
            addsInSave += 1
            let added = draft(&r)
            return [.add(added), .update(.added(Int(addsInSave - 1)), draft(&r))] + (r.index(2) == 0 ? [.delete(.added(Int(addsInSave - 1)))] : [])
        case 4 where reachesDevice && byte & 0x80 != 0:
            // Version 4: add a group, then rename it (SPEC 11: one add with the final name).
            let added = step(kind, renames: false, &r)
            return [added, .renameGroup(.added(groupsInSave - 1), name: Vocabulary.groupNames[r.index(Vocabulary.groupNames.count)])]
        default:
            return [step(kind, renames: reachesDevice && byte & 0x80 != 0, &r)]
        }
    }

    /// `renames`: version 4's kind 5 with bit 7 set renames the group instead of deleting it.
    private mutating func step(_ kind: UInt8, renames: Bool, _ r: inout ByteReader) -> Step {
        switch kind {
        case 1 where reachesDevice:
            addsInSave += 1
            let container = containerRef(&r)
            return .addTo(container, draft(&r))
        case 0, 1:
            addsInSave += 1
            return .add(draft(&r))
        case 2:
            let contact = ref(&r)
            return .update(contact, draft(&r))
        case 3: return .delete(ref(&r))
        case 4 where reachesDevice:
            groupsInSave += 1
            let container = containerRef(&r)
            return .addGroupTo(container, name: Vocabulary.groupNames[r.index(Vocabulary.groupNames.count)])
        case 4:
            groupsInSave += 1
            return .addGroup(name: Vocabulary.groupNames[r.index(Vocabulary.groupNames.count)])
        case 5 where renames:
            let group = groupRef(&r)
            return .renameGroup(group, name: Vocabulary.groupNames[r.index(Vocabulary.groupNames.count)])
        case 5: return .deleteGroup(groupRef(&r))
        case 6:
            let contact = ref(&r)
            return .addMember(contact, groupRef(&r))
        case 7:
            let contact = ref(&r)
            return .removeMember(contact, groupRef(&r))
        case 10:
            let group = groupRef(&r)
            return .addSubgroup(group, groupRef(&r))
        default:
            let group = groupRef(&r)
            return .removeSubgroup(group, groupRef(&r))
        }
    }

    /// Person byte, flags byte (bit 0 phone, bit 1 email, bit 2 note, bits 3–4 organization,
    /// bit 5 birthday, bit 6 more names, bit 7 more), then one byte for each value flagged;
    /// "more" is a byte (bits 0–1 further numbers, 2–3 further addresses, bit 4 an
    /// organization, bits 5–7 details) and a value byte and a label byte per further value.
    /// A note, birthday or label byte of 0xF0 or more stands for a raw value instead of a
    /// table's (``ByteReader/rawText(_:)``, ``ByteReader/rawDate(_:)``); a more-names byte of
    /// 0xF0 or more for no more names and a postal address with a raw country code.
    private func draft(_ r: inout ByteReader) -> Draft {
        let person = r.index(Vocabulary.people.count)
        let flags = r.byte()
        var draft = Draft(person: person, organization: Int(flags >> 3 & 3))
        if flags & 1 != 0 { draft.phone = r.index(Vocabulary.phones.count) }
        if flags & 2 != 0 { draft.email = r.index(Vocabulary.emails.count) }
        if flags & 4 != 0 {
            let byte = r.tableOrRaw(Vocabulary.notes.count)
            draft.note = byte >= Self.rawByte ? r.rawText(Int(byte & 0xF)) : Vocabulary.notes[Int(byte)]
        }
        if flags & 0x20 != 0 {
            let byte = r.tableOrRaw(Vocabulary.birthdays.count)
            draft.birthday = byte >= Self.rawByte ? r.rawDate(byte) : Vocabulary.birthdays[Int(byte)]
        }
        if flags & 0x40 != 0 {
            let byte = r.tableOrRaw(Vocabulary.moreNames.count)
            if byte >= Self.rawByte {
                draft.more.countryCode = r.rawText(Int(byte & 0xF))
            } else {
                draft.more.names = Int(byte)
            }
        }
        if flags & 0x80 != 0 {
            let more = r.byte()
            r.settle(more & 0x1F | UInt8(Int(more >> 5) % Vocabulary.details.count) << 5)
            draft.more.isOrganization = more & 0x10 != 0
            draft.more.details = Int(more >> 5) % Vocabulary.details.count
            draft.more.phones = (0..<Int(more & 3)).map { _ in labeled(&r, Vocabulary.phones.count) }
            draft.more.emails = (0..<Int(more >> 2 & 3)).map { _ in labeled(&r, Vocabulary.emails.count) }
        }
        return draft
    }

    private func rgb(_ r: inout ByteReader) -> RGB { RGB(r.byte(), r.byte(), r.byte()) }

    private func labeled(_ r: inout ByteReader, _ count: Int) -> Labeled {
        let value = r.index(count), byte = r.tableOrRaw(Vocabulary.labels.count)
        guard byte >= Self.rawByte else { return Labeled(value, label: Int(byte)) }
        return Labeled(value, label: 0, raw: r.rawText(Int(byte & 0xF)))
    }

    /// Below 0xC0 a known contact; 0xC0–0xDF one this save added (if it added one); above, junk.
    private func ref(_ r: inout ByteReader) -> Ref {
        let b = r.byte()
        switch b {
        case 0xC0...0xDF where addsInSave > 0: return .added(Int(b - 0xC0))
        case 0xE0...: return .junk(Int(b - 0xE0))
        default: return .known(Int(b))
        }
    }

    private func refs(_ r: inout ByteReader, maximum: Int) -> [Ref] {
        (0..<r.index(maximum + 1)).map { _ in ref(&r) }
    }

    private func groupRef(_ r: inout ByteReader) -> GroupRef {
        let b = r.byte()
        switch b {
        case 0xC0...0xDF where groupsInSave > 0: return .added(Int(b - 0xC0))
        case 0xE0...: return .contact(Int(b - 0xE0))
        default: return .known(Int(b))
        }
    }

    /// Below 0xE0 one of the device's containers; above, a contact's identifier.
    private func containerRef(_ r: inout ByteReader) -> ContainerRef {
        let b = r.byte()
        return b < 0xE0 ? .known(Int(b)) : .contact(Int(b - 0xE0))
    }

    /// Below 0x80: tokens, each a prefix of a name token spelled raw (``Vocabulary/spell(_:_:)``),
    /// joined by a separator; 0x80–0x9F: a spelled query of ``Vocabulary/spelledQueries``;
    /// 0xA0–0xBF: a person's full name as written (``Vocabulary/fullName(of:names:withMiddle:familyFirst:)``);
    /// from 0xC0: a phone number or an email address as typed, with white space around it
    /// past the first turn through them (``Vocabulary/outerSpaces``).
    private func queryText(_ r: inout ByteReader) -> QueryText {
        let selector = r.byte()
        switch selector {
        case 0xC0...:
            let texts = Vocabulary.phones.count + Vocabulary.emails.count, n = Int(selector - 0xC0) % texts
            let text = n < Vocabulary.phones.count ? Vocabulary.phones[n].text : Vocabulary.emails[n - Vocabulary.phones.count]
            let spaces = Vocabulary.outerSpaces[Int(selector - 0xC0) / texts % Vocabulary.outerSpaces.count]
            let typed = spaces.before + text + spaces.after
            return QueryText(text: typed, tokens: Vocabulary.asciiTokens(typed))
        case 0xA0...:
            return Vocabulary.fullName(of: r.index(Vocabulary.people.count), names: r.index(Vocabulary.moreNames.count),
                                       withMiddle: selector & 1 == 0, familyFirst: selector & 2 != 0)
        case 0x80...:
            let n = Int(selector - 0x80) % Vocabulary.spelledQueries.count
            r.settle(0x80 + UInt8(n))
            return Vocabulary.spelledQueries[n]
        default:
            break
        }
        // Nine or more tokens take the name matcher's path for long queries.
        let count = selector & 0x0F == 0x0F ? 9 + Int(selector >> 4 & 3) : Int(selector) % 3 + 1
        var tokens: [String] = [], spelled: [String] = []
        for _ in 0..<count {
            let token = Array(Vocabulary.queryTokens[r.index(Vocabulary.queryTokens.count)].unicodeScalars)
            let byte = r.byte()
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: token.prefix(1 + Int(byte & 0x1F) % token.count))
            tokens.append(String(prefix))
            spelled.append(Vocabulary.spell(String(prefix), Int(byte >> 5)))
        }
        let separator = Vocabulary.separators[Int(selector >> 4 & 7)]
        return QueryText(text: spelled.joined(separator: separator), tokens: tokens)
    }
}
