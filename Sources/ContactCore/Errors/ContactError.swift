/// The one error type of ContactCore: a code, the records it concerns, and a message.
///
/// Codes use the numbers of Apple's `CNError.Code` where Apple has one, so code written
/// against the Contacts framework reads the same. Codes in the 900 range are ContactCore's
/// own: conditions that Apple reports by terminating the app or raising an exception.
public struct ContactError: Error, Hashable, Sendable {
    /// What went wrong, numbered as `CNError.Code` where Apple has the condition.
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        case authorizationDenied = 100
        case unauthorizedKeys = 102
        case recordDoesNotExist = 200
        case insertedRecordAlreadyExists = 201
        case containmentCycle = 202
        case parentRecordDoesNotExist = 204
        case recordIdentifierInvalid = 205
        case validationMultipleErrors = 300
        case validationTypeMismatch = 301
        case validationConfigurationError = 302
        case predicateInvalid = 400
        case policyViolation = 500
        /// A property was read that the fetch did not ask for (Apple raises
        /// `CNPropertyNotFetchedException`).
        case propertyNotFetched = 900
        /// The app declares no contacts usage description (Apple terminates the app).
        case missingUsageDescription = 901
        /// A key name that is not a ``ContactKey``.
        case unknownKey = 902
        /// The database could not be read or written (an I/O error, a full disk); the commit
        /// did not happen and the device is as it was.
        case storageFailed = 910
        /// Another device has the database file open, in this process or another.
        case storageInUse = 911
        /// The file is not a ContactCore database.
        case notAContactDatabase = 912
        /// The database is damaged: SQLite finds it corrupt or truncated, or what it holds
        /// breaks the device's rules.
        case storageCorrupt = 913
        /// The database was written by a newer ContactCore, whose schema this one cannot read.
        case storageVersionTooNew = 914
        /// The database cannot be written: the file is read-only, or was opened read-only.
        case storageReadOnly = 915
        /// The device was closed and can no longer commit.
        case storageClosed = 916
    }

    public var code: Code
    /// Identifiers of the records concerned, in request order, each once.
    public var affectedIdentifiers: [String]
    /// The keys concerned, for ``Code/propertyNotFetched``, ``Code/unauthorizedKeys`` and validation errors.
    public var affectedKeys: [ContactKey]
    /// For ``Code/validationMultipleErrors``: every validation failure, in request order.
    public var underlyingErrors: [ContactError]
    /// A sentence for people; never parse it.
    public var message: String

    public init(
        _ code: Code,
        _ message: String,
        affectedIdentifiers: [String] = [],
        affectedKeys: [ContactKey] = [],
        underlyingErrors: [ContactError] = []
    ) {
        self.code = code
        self.message = message
        self.affectedIdentifiers = affectedIdentifiers
        self.affectedKeys = affectedKeys
        self.underlyingErrors = underlyingErrors
    }
}

extension ContactError: CustomStringConvertible {
    public var description: String {
        var text = "ContactError \(code.rawValue) (\(code)): \(message)"
        if !affectedIdentifiers.isEmpty { text += " [records: \(affectedIdentifiers.joined(separator: ", "))]" }
        if !affectedKeys.isEmpty { text += " [keys: \(affectedKeys.map(\.rawValue).joined(separator: ", "))]" }
        return text
    }
}

extension ContactError {
    /// The error every API gives for a record that does not exist *or is not visible to the app*:
    /// the two must never be told apart.
    static func recordDoesNotExist(_ identifiers: [String]) -> ContactError {
        ContactError(.recordDoesNotExist, "The record does not exist.", affectedIdentifiers: identifiers)
    }

    static let authorizationDenied = ContactError(.authorizationDenied, "The app is not authorized to access contacts.")

    static func propertyNotFetched(_ key: ContactKey) -> ContactError {
        ContactError(.propertyNotFetched, "The property \(key.rawValue) was not fetched.", affectedKeys: [key])
    }
}
