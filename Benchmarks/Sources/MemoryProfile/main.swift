// Where a device's memory goes, field by field: the resident memory a device of `size`
// contacts adds, and then its search index, for the benchmarks' population and for the same
// population without each field in turn. A field's cost is the difference, per contact and
// per contact that has the field. Each population is measured in a process of its own, so no
// measurement inherits another's freed pages; this process runs them and prints the table.
//
// A plain process on purpose: package-benchmark's malloc interposer puts a 16-byte header on
// every allocation, which MemoryBenchmark's figures include.
//
// Usage: MemoryProfile [size]            the table
//        MemoryProfile size population   one measurement: "contacts index" in bytes per contact
import BenchmarkSupport
import ContactCore
import Foundation

/// A population the profile measures: the benchmarks' people with some fields left out.
struct Variant: Sendable {
    let name: String
    let remove: @Sendable (inout Person) -> Void

    static let all: [Variant] = [
        Variant(name: "population") { _ in },
        Variant(name: "without phone numbers") { $0.phone = "" },
        Variant(name: "without email addresses") { $0.email = "" },
        Variant(name: "without organizations") { $0.organization = "" },
        Variant(name: "without phonetic names") { $0.phoneticGiven = ""; $0.phoneticFamily = "" },
        Variant(name: "without middle names") { $0.middle = "" },
        Variant(name: "one-letter given name only") { $0 = Person(); $0.given = "a" },
    ]

    /// How many of `people` this variant changes: the contacts that have the field.
    func changed(in people: [Person]) -> Int {
        people.count { person in
            var copy = person
            remove(&copy)
            return Self.texts(of: copy) != Self.texts(of: person)
        }
    }

    private static func texts(of person: Person) -> [String] {
        [person.given, person.middle, person.family, person.phoneticGiven, person.phoneticFamily, person.organization,
         person.phone, person.email]
    }
}

let arguments = CommandLine.arguments
let size = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
if arguments.count > 2, let variant = Variant.all.first(where: { $0.name == arguments[2] }) {
    var people = People.make(size)
    for index in people.indices { variant.remove(&people[index]) }
    DeviceMemory.report(try DeviceMemory.measure(people))
    exit(0)
}

let people = People.make(size)
print("Resident memory per contact at \(size) contacts (after malloc_trim), each population in a process of its own")
print("| population | contacts B | index B | field's cost: contacts / index B per contact | per contact with the field |")
print("| --- | ---: | ---: | ---: | ---: |")
var whole: DeviceMemory.Figures?
for variant in Variant.all {
    let figures = try DeviceMemory.inChild([String(size), variant.name])
    guard let base = whole else {
        whole = figures
        print("| \(variant.name) | \(figures.contacts) | \(figures.index) | | |")
        continue
    }
    let have = variant.changed(in: people)
    let (contacts, index) = (base.contacts - figures.contacts, base.index - figures.index)
    let perHolder = have == 0 ? "-" : "\(contacts * size / have) / \(index * size / have) (\(have * 100 / size)% have it)"
    print("| \(variant.name) | \(figures.contacts) | \(figures.index) | \(contacts) / \(index) | \(perHolder) |")
}
