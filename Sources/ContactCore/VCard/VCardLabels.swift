/// How labels travel as `TYPE` parameters, in both directions, per property.
///
/// A label that a property's table does not hold is written as Apple does: the property gets
/// a group (`item1.EMAIL`) and an `item1.X-ABLabel` line holds the label's raw text, so
/// Apple's own standard labels (`_$!<School>!$_`) and the person's custom ones come back
/// unchanged. On reading, an `X-ABLabel` beats the `TYPE` parameters.
enum VCardLabels {
    /// Apple's "other fax" label, which ``ContactLabel`` has no constant for.
    static let otherFax = ContactLabel(rawValue: "_$!<OtherFAX>!$_")

    /// Recognised `TYPE` values, as bits.
    struct Types: OptionSet {
        var rawValue: UInt16
        init(rawValue: UInt16) { self.rawValue = rawValue }
        static let home = Types(rawValue: 1 << 0)
        static let work = Types(rawValue: 1 << 1)
        static let cell = Types(rawValue: 1 << 2)
        static let iPhone = Types(rawValue: 1 << 3)
        static let main = Types(rawValue: 1 << 4)
        static let fax = Types(rawValue: 1 << 5)
        static let pager = Types(rawValue: 1 << 6)
        static let other = Types(rawValue: 1 << 7)

        private static let names: [(StaticString, Types)] = [
            ("HOME", .home), ("WORK", .work), ("CELL", .cell), ("MOBILE", .cell), ("IPHONE", .iPhone),
            ("MAIN", .main), ("FAX", .fax), ("PAGER", .pager), ("OTHER", .other),
        ]

        /// The recognised `TYPE` values of a line.
        init(of line: VCardContentLine) {
            var types = Types()
            line.forEachType { piece in
                let range = VCardBytes.trimmingSpaces(line.line, piece)
                for (literal, type) in Types.names where VCardBytes.equalsIgnoringCase(line.line, range, literal) {
                    types.insert(type)
                }
            }
            self = types
        }
    }

    /// The label `TYPE` values give a phone number.
    static func phoneLabel(_ types: Types) -> ContactLabel? {
        if types.contains(.iPhone) { return .iPhone }
        if types.contains(.main) { return .main }
        if types.contains(.pager) { return .pager }
        if types.contains(.fax) {
            if types.contains(.home) { return .homeFax }
            if types.contains(.work) { return .workFax }
            return otherFax
        }
        if types.contains(.cell) { return .mobile }
        return placeLabel(types)
    }

    /// The label `TYPE` values give an email, address, URL or instant-message address.
    static func placeLabel(_ types: Types) -> ContactLabel? {
        if types.contains(.home) { return .home }
        if types.contains(.work) { return .work }
        if types.contains(.other) { return .other }
        return nil
    }

    /// The `TYPE` values that carry a phone label, or `nil` when it needs `X-ABLabel`.
    static func phoneTypes(_ label: ContactLabel) -> [String]? {
        switch label {
        case .mobile: ["CELL"]
        case .iPhone: ["IPHONE", "CELL"]
        case .main: ["MAIN"]
        case .pager: ["PAGER"]
        case .homeFax: ["HOME", "FAX"]
        case .workFax: ["WORK", "FAX"]
        case otherFax: ["OTHER", "FAX"]
        default: placeTypes(label)
        }
    }

    static func placeTypes(_ label: ContactLabel) -> [String]? {
        switch label {
        case .home: ["HOME"]
        case .work: ["WORK"]
        case .other: ["OTHER"]
        default: nil
        }
    }

    /// Apple's relation labels that `X-` properties of other exporters name.
    static let manager = ContactLabel(rawValue: "_$!<Manager>!$_")
    static let assistant = ContactLabel(rawValue: "_$!<Assistant>!$_")
    static let spouse = ContactLabel(rawValue: "_$!<Spouse>!$_")

    /// RFC 6350 `RELATED` types and Apple's relation labels that mean the same.
    static let relations: [(type: StaticString, label: ContactLabel)] = [
        ("SPOUSE", spouse),
        ("CHILD", ContactLabel(rawValue: "_$!<Child>!$_")),
        ("PARENT", ContactLabel(rawValue: "_$!<Parent>!$_")),
        ("FRIEND", ContactLabel(rawValue: "_$!<Friend>!$_")),
        ("SWEETHEART", ContactLabel(rawValue: "_$!<Partner>!$_")),
        ("AGENT", assistant),
    ]

    static func relationLabel(of line: VCardContentLine) -> ContactLabel? {
        var found: ContactLabel?
        line.forEachType { piece in
            guard found == nil else { return }
            let range = VCardBytes.trimmingSpaces(line.line, piece)
            for relation in relations where VCardBytes.equalsIgnoringCase(line.line, range, relation.type) {
                found = relation.label
            }
        }
        return found
    }

    static func relationType(_ label: ContactLabel) -> String? {
        for relation in relations where relation.label == label {
            return relation.type.description.lowercased()
        }
        return nil
    }
}
