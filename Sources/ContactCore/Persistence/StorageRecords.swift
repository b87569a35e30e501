import Foundation

// The rows a storage keeps: plain values with no rule in them, so a back end maps them to its
// tables without seeing the device's model. Every rule stays in ``DeviceState``.

/// The device's own settings and counters: one row.
package struct DeviceMetaRecord: Hashable, Sendable {
    package var seed: UInt64
    /// How many identifiers the generator has made: the next one continues from here.
    package var identifierCounter: UInt64
    package var historyIdentity: UInt64
    package var nextSerial: UInt64
    /// ``SortOrder`` as ``SortOrder/storageCode``.
    package var defaultSortOrder: Int
    package var defaultContainerIdentifier: String
    package var historyLimit: Int
    /// Sequence number of the newest commit, which the history keeps even when empty.
    package var lastSequence: UInt64

    package init(seed: UInt64, identifierCounter: UInt64, historyIdentity: UInt64, nextSerial: UInt64, defaultSortOrder: Int, defaultContainerIdentifier: String, historyLimit: Int, lastSequence: UInt64) {
        self.seed = seed
        self.identifierCounter = identifierCounter
        self.historyIdentity = historyIdentity
        self.nextSerial = nextSerial
        self.defaultSortOrder = defaultSortOrder
        self.defaultContainerIdentifier = defaultContainerIdentifier
        self.historyLimit = historyLimit
        self.lastSequence = lastSequence
    }
}

package struct ContainerRecord: Hashable, Sendable {
    package var identifier: String
    package var name: String
    /// ``ContactContainer/Kind`` raw value.
    package var kind: Int

    package init(identifier: String, name: String, kind: Int) {
        self.identifier = identifier
        self.name = name
        self.kind = kind
    }
}

/// A contact, every field of SPEC 2: texts by ``ContactRecord/textKeys``, structured values as
/// JSON, multi-valued fields as ``LabeledValueRecord`` rows.
package struct ContactRecord: Hashable, Sendable {
    package var identifier: String
    package var serial: UInt64
    /// ``ContactType`` raw value.
    package var contactType: Int
    package var containerIdentifier: String
    /// In the order of ``textKeys``.
    package var texts: [String]
    /// ``ContactDate`` as JSON, or `nil`.
    package var birthday: String?
    package var nonGregorianBirthday: String?
    package var imageData: Data?
    package var thumbnailImageData: Data?
    /// By property, then position.
    package var labeledValues: [LabeledValueRecord]

    /// The single-valued text fields, in column order: a back end names its columns after them.
    package static let textKeys: [ContactKey] = [
        .namePrefix, .givenName, .middleName, .familyName, .previousFamilyName, .nameSuffix, .nickname,
        .phoneticGivenName, .phoneticMiddleName, .phoneticFamilyName, .organizationName,
        .phoneticOrganizationName, .departmentName, .jobTitle, .note,
    ]

    package init(identifier: String, serial: UInt64, contactType: Int, containerIdentifier: String, texts: [String], birthday: String?, nonGregorianBirthday: String?, imageData: Data?, thumbnailImageData: Data?, labeledValues: [LabeledValueRecord]) {
        self.identifier = identifier
        self.serial = serial
        self.contactType = contactType
        self.containerIdentifier = containerIdentifier
        self.texts = texts
        self.birthday = birthday
        self.nonGregorianBirthday = nonGregorianBirthday
        self.imageData = imageData
        self.thumbnailImageData = thumbnailImageData
        self.labeledValues = labeledValues
    }
}

/// One entry of a multi-valued field.
package struct LabeledValueRecord: Hashable, Sendable {
    /// The field's ``ContactKey`` raw value.
    package var property: String
    package var position: Int
    package var identifier: String
    package var label: String?
    /// The text of a phone number, email or URL; JSON for structured values.
    package var value: String

    package init(property: String, position: Int, identifier: String, label: String?, value: String) {
        self.property = property
        self.position = position
        self.identifier = identifier
        self.label = label
        self.value = value
    }
}

package struct GroupRecord: Hashable, Sendable {
    package var identifier: String
    package var serial: UInt64
    package var name: String
    package var containerIdentifier: String

    package init(identifier: String, serial: UInt64, name: String, containerIdentifier: String) {
        self.identifier = identifier
        self.serial = serial
        self.name = name
        self.containerIdentifier = containerIdentifier
    }
}

/// A pair of a membership (contact in group) or a nesting (group in group).
package struct PairRecord: Hashable, Sendable, Comparable {
    package var parent: String
    package var child: String

    package static func < (lhs: Self, rhs: Self) -> Bool {
        ContactIdentifier.areEqual(lhs.parent, rhs.parent)
            ? ContactIdentifier.precedes(lhs.child, rhs.child)
            : ContactIdentifier.precedes(lhs.parent, rhs.parent)
    }

    package init(parent: String, child: String) {
        self.parent = parent
        self.child = child
    }
}

package struct AppStatusRecord: Hashable, Sendable {
    package var bundleIdentifier: String
    /// ``AuthorizationStatus`` raw value.
    package var status: Int

    package init(bundleIdentifier: String, status: Int) {
        self.bundleIdentifier = bundleIdentifier
        self.status = status
    }
}

/// One commit of the change history.
package struct HistoryRecord: Hashable, Sendable {
    package var sequence: UInt64
    package var transactionAuthor: String?
    package var originStoreIdentifier: UInt64?
    /// Sorted by UTF-8 bytes.
    package var notifiedApps: [String]
    package var events: [EventRecord]

    package init(sequence: UInt64, transactionAuthor: String?, originStoreIdentifier: UInt64?, notifiedApps: [String], events: [EventRecord]) {
        self.sequence = sequence
        self.transactionAuthor = transactionAuthor
        self.originStoreIdentifier = originStoreIdentifier
        self.notifiedApps = notifiedApps
        self.events = events
    }
}

/// One event of a commit: its kind (``ChangeEvent/storageKind``) and the identifiers it names.
package struct EventRecord: Hashable, Sendable {
    package var kind: Int
    package var first: String
    package var second: String?

    package init(kind: Int, first: String, second: String?) {
        self.kind = kind
        self.first = first
        self.second = second
    }
}
