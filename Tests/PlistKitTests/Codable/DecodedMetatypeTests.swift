import Foundation
import Testing
@testable import PlistKit

// A class and its subclass, each decoding its own keys, to tell which initializer a decoder
// ran: a `Person` built where an `Employee` was asked for has no employer.

class MetatypePerson: Codable, @unchecked Sendable {
    var name: String

    init(name: String) { self.name = name }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

final class MetatypeEmployee: MetatypePerson, @unchecked Sendable {
    var employer: String

    init(name: String, employer: String) {
        self.employer = employer
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case employer }

    required init(from decoder: any Decoder) throws {
        employer = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .employer)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(employer, forKey: .employer)
        try super.encode(to: encoder)
    }
}

/// A value that decodes its members through a metatype it holds, as code choosing a subclass
/// at run time does, from a keyed container and an unkeyed one.
///
/// The standard library's `KeyedDecodingContainer` hands its concrete container `T.self`
/// rather than the metatype it was given, so a keyed member is built as the static type
/// whatever the decoder does; there PlistKit can only match Foundation.
struct MetatypeRoster: Decodable {
    /// The type the members are decoded as, passed as `MetatypePerson.Type`.
    static let memberType: MetatypePerson.Type = MetatypeEmployee.self

    var lead: MetatypePerson
    var members: [MetatypePerson]

    private enum CodingKeys: String, CodingKey { case lead, members }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lead = try container.decode(Self.memberType, forKey: .lead)
        var list = try container.nestedUnkeyedContainer(forKey: .members)
        members = []
        while !list.isAtEnd { members.append(try list.decode(Self.memberType)) }
    }

    /// The property list of a roster of employees.
    static let plist: PlistValue = {
        let employee: PlistValue = ["name": "Ada", "employer": "Acme"]
        return ["lead": employee, "members": [employee, employee]]
    }()
}

/// One member decoded from a single-value container.
struct MetatypeWrapper: Decodable {
    var person: MetatypePerson

    init(from decoder: any Decoder) throws {
        person = try decoder.singleValueContainer().decode(MetatypeRoster.memberType)
    }
}

/// The metatype passed to `decode` is the one whose initializer runs, as with Foundation's
/// decoders: `decode(Employee.self as Person.Type, …)` returns an `Employee`.
@Suite struct DecodedMetatypeTests {
    static let employee = MetatypeEmployee(name: "Ada", employer: "Acme")
    static let personType: MetatypePerson.Type = MetatypeEmployee.self

    @Test(arguments: [PlistFormat.binary, .xml])
    func plistDecoderBuildsThePassedSubclass(format: PlistFormat) throws {
        var encoder = PlistEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(Self.employee)
        let ours = try PlistDecoder().decode(Self.personType, from: data)
        let theirs = try PropertyListDecoder().decode(Self.personType, from: data)
        #expect(theirs is MetatypeEmployee)
        #expect(ours is MetatypeEmployee)
        #expect((ours as? MetatypeEmployee)?.employer == "Acme")
    }

    @Test(arguments: [true, false])
    func plistDecoderBuildsThePassedSubclassInContainers(directDictionaries: Bool) throws {
        let data = try MetatypeRoster.plist.encoded(as: .binary)
        var decoder = PlistDecoder()
        decoder.fastPaths.codersHandleStringKeyedDictionaries = directDictionaries
        let ours = try decoder.decode(MetatypeRoster.self, from: data)
        let theirs = try PropertyListDecoder().decode(MetatypeRoster.self, from: data)
        #expect(type(of: ours.lead) == type(of: theirs.lead))
        for roster in [ours, theirs] {
            #expect(roster.members.count == 2 && roster.members.allSatisfy { $0 is MetatypeEmployee })
        }
        let single = try (["name": "Ada", "employer": "Acme"] as PlistValue).encoded(as: .binary)
        #expect(try decoder.decode(MetatypeWrapper.self, from: single).person is MetatypeEmployee)
        #expect(try PropertyListDecoder().decode(MetatypeWrapper.self, from: single).person is MetatypeEmployee)
        // From a value in memory, too.
        #expect(try decoder.decode(Self.personType, from: ["name": "Ada", "employer": "Acme"]) is MetatypeEmployee)
    }

    @Test func archiveDecoderBuildsThePassedSubclass() throws {
        let data = try ArchiveEncoder().encode(Self.employee)
        let decoder = ArchiveDecoder(allowedClassNames: ArchiveDecoder.foundationClassNames)
        let decoded = try decoder.decode(Self.personType, from: data)
        #expect((decoded as? MetatypeEmployee)?.employer == "Acme")
        let roster = try decoder.decode(MetatypeRoster.self, from: ArchiveEncoder().encode(MetatypeRoster.plist))
        #expect(roster.members.count == 2 && roster.members.allSatisfy { $0 is MetatypeEmployee })
        // From a single-value container over the object being decoded, which is no cycle.
        let wrapped = try decoder.decode(MetatypeWrapper.self, from: data)
        #expect((wrapped.person as? MetatypeEmployee)?.employer == "Acme")
        let inList = try decoder.decode([MetatypeWrapper].self, from: ArchiveEncoder().encode([Self.employee, Self.employee]))
        #expect(inList.count == 2 && inList.allSatisfy { $0.person is MetatypeEmployee })
    }
}
