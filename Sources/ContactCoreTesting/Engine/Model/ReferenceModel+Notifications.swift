/// SPEC 10: each commit notifies, once, every app that could see something it changed — a
/// contact visible to the app before or after, any group while the app has access, the
/// app's own status or P — and no one else; a commit that changes nothing notifies no one.
extension ReferenceModel {
    /// A notification as an app receives it.
    struct Notice: Equatable, Sendable, CustomStringConvertible {
        var author: String?
        /// The app whose store made the commit; `nil` for the person (prompts, Settings).
        var fromApp: Int?

        var description: String { "(author \(author ?? "nil"), from \(fromApp.map { "app \($0)" } ?? "the person"))" }
    }

    /// Apps that see the contact.
    func appsSeeing(_ contact: RecordID) -> Set<Int> { Set(apps.indices.filter { sees($0, contact) }) }

    /// Apps that may read at all: they see every group.
    var appsWithAccess: Set<Int> { Set(apps.indices.filter(grantsAccess)) }

    mutating func notify(_ audience: Set<Int>, author: String?, from app: Int?) {
        for index in audience.sorted() { notices[index].append(Notice(author: author, fromApp: app)) }
    }

    /// A change of the app's own status or P notifies the app (and only it).
    mutating func noticeAccessChange(of app: Int, from before: ModelApp, origin: Int?) {
        if apps[app].status != before.status || apps[app].permitted != before.permitted {
            notify([app], author: nil, from: origin)
        }
    }

    /// The audience of a committed save, from what it touched: `before` is the model before
    /// the request, `self` after it. Returns `nil` when the request changed nothing (no commit).
    func audience(of touched: Transaction, before: ReferenceModel) -> Set<Int>? {
        var audience: Set<Int> = []
        var changed = false
        for contact in touched.contacts where before.contacts[contact] != nil || contacts[contact] != nil {
            changed = true
            audience.formUnion(before.appsSeeing(contact).union(appsSeeing(contact)))
        }
        for group in touched.groups where before.groups[group] != nil || groups[group] != nil {
            changed = true
            audience.formUnion(appsWithAccess)
        }
        // Links of a record that is gone went with it; a link put back as it was is no change.
        for link in touched.memberships
        where contacts[link.child] != nil && groups[link.parent] != nil
            && memberships.contains(link) != before.memberships.contains(link) {
            changed = true
            audience.formUnion(before.appsSeeing(link.child).union(appsSeeing(link.child)))
        }
        for link in touched.nestings
        where groups[link.child] != nil && groups[link.parent] != nil && nestings.contains(link) != before.nestings.contains(link) {
            changed = true
            audience.formUnion(appsWithAccess)
        }
        return changed ? audience : nil
    }
}
