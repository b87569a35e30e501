/// URI schemes of `IMPP` values and the service names Apple's Contacts shows for them.
///
/// Reading, `X-SERVICE-TYPE` names the service when present (even empty); otherwise the
/// scheme does, through this table, or as itself when the table does not know it. `x-apple:`
/// (what Apple writes for a service without a scheme) means no service. Writing, the scheme
/// comes from the table and `X-SERVICE-TYPE` is always written, so both directions agree.
enum VCardInstantMessageSchemes {
    static let table: [(scheme: String, service: String)] = [
        ("aim", "AIM"), ("xmpp", "Jabber"), ("msnim", "MSN"), ("ymsgr", "Yahoo"), ("skype", "Skype"),
        ("icq", "ICQ"), ("gtalk", "GoogleTalk"), ("qq", "QQ"), ("facebook", "Facebook"), ("x-apple", ""),
    ]

    static func service(forScheme scheme: String) -> String {
        let lowered = scheme.lowercased()
        for entry in table where entry.scheme == lowered { return entry.service }
        return scheme
    }

    static func scheme(forService service: String) -> String {
        for entry in table where entry.service == service && !service.isEmpty { return entry.scheme }
        return "x-apple"
    }
}
