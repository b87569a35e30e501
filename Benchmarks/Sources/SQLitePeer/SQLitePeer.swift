import BenchmarkSupport
import Foundation
import GRDB

/// The same people in SQLite: a contacts table, and an FTS5 index over the fields search
/// reads (unicode61, diacritics removed, prefix indexes for one to three characters), the
/// peer the search benchmark runs beside ContactCore.
public struct SQLitePeer: @unchecked Sendable {
    public let database: DatabaseQueue

    /// Rowid n holds person n. `path` `nil` keeps the database in memory.
    public init(_ people: [Person], path: String? = nil, fullText: Bool = true) throws {
        database = try path.map { try DatabaseQueue(path: $0) } ?? DatabaseQueue()
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE contacts(given TEXT, middle TEXT, family TEXT, phoneticGiven TEXT, phoneticFamily TEXT,
                                      organization TEXT, phone TEXT, email TEXT)
                """)
            let insert = try db.makeStatement(sql: "INSERT INTO contacts(rowid, given, middle, family, phoneticGiven, phoneticFamily, organization, phone, email) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for (index, person) in people.enumerated() {
                try insert.execute(arguments: [index, person.given, person.middle, person.family, person.phoneticGiven,
                                               person.phoneticFamily, person.organization, person.phone, person.email])
            }
            guard fullText else { return }
            // The phone column holds digits only, so that a typed number is one prefix query.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE names USING fts5(
                    given, middle, family, phoneticGiven, phoneticFamily, organization, phone, email,
                    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')
                """)
            let index = try db.makeStatement(sql: "INSERT INTO names(rowid, given, middle, family, phoneticGiven, phoneticFamily, organization, phone, email) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for (row, person) in people.enumerated() {
                try index.execute(arguments: [row, person.given, person.middle, person.family, person.phoneticGiven,
                                              person.phoneticFamily, person.organization,
                                              person.phone.filter(\.isNumber), person.email])
            }
        }
    }

    /// FTS5's query for a keystroke: each typed word a quoted prefix, all required, in the
    /// name columns; the digits as one prefix in the phone column; the address as a phrase
    /// prefix in the email column. `nil` when nothing is left to ask.
    public static func pattern(for keystroke: Keystroke) -> String? {
        switch keystroke.kind {
        case .phone:
            let digits = keystroke.text.filter(\.isNumber)
            return digits.isEmpty ? nil : "phone : \"\(digits)\"*"
        case .email:
            return "email : \"\(keystroke.text.replacingOccurrences(of: "\"", with: ""))\"*"
        default:
            let words = keystroke.text.split(whereSeparator: \.isWhitespace)
                .map { "\"" + $0.replacingOccurrences(of: "\"", with: "") + "\"*" }
            return words.isEmpty ? nil : "{given middle family phoneticGiven phoneticFamily organization} : (" + words.joined(separator: " ") + ")"
        }
    }
}
