import Foundation
import Testing
@testable import PlistKit

/// Asking an encoder for a container or value where it already holds one of another kind
/// fails with `EncodingError.invalidValue` at the path where it happened, in `PlistEncoder`
/// and `ArchiveEncoder` alike, rather than dropping what was encoded first. (Foundation traps
/// on most of these, so it cannot run them; the requests it accepts are compared with it.)
@Suite struct EncodingMisuseTests {
    /// One way of asking for two conflicting things, with the path the error names.
    enum Conflict: String, CaseIterable, Sendable {
        case keyedThenUnkeyed, unkeyedThenKeyed, singleValueThenKeyed, keyedThenSingleValue, twoSingleValues
        case nestedKeyedThenNestedUnkeyed, nestedUnkeyedThenNestedKeyed, valueThenNestedKeyed, valueThenNestedUnkeyed
        case nestedKeyedThenSuperEncoder, superEncoderThenNestedUnkeyed, twoSuperEncoders, superEncoderThenNestedAtSuper

        /// The coding path of the error, below the `holder` key the value is encoded at.
        var path: String {
            switch self {
            case .keyedThenUnkeyed, .unkeyedThenKeyed, .singleValueThenKeyed, .keyedThenSingleValue, .twoSingleValues:
                return "holder"
            case .twoSuperEncoders, .superEncoderThenNestedAtSuper:
                return "holder.super"
            default:
                return "holder.top"
            }
        }
    }

    private enum Keys: String, CodingKey { case top, first, second, `super` }

    /// Encodes a `Conflict`'s two requests.
    struct Conflicting: Encodable {
        var conflict: Conflict

        func encode(to encoder: any Encoder) throws {
            switch conflict {
            case .keyedThenUnkeyed:
                var keyed = encoder.container(keyedBy: Keys.self)
                try keyed.encode("Johnny Appleseed", forKey: .first)
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode("second")
            case .unkeyedThenKeyed:
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode("first")
                var keyed = encoder.container(keyedBy: Keys.self)
                try keyed.encode("second", forKey: .second)
            case .singleValueThenKeyed:
                var single = encoder.singleValueContainer()
                try single.encode("first")
                var keyed = encoder.container(keyedBy: Keys.self)
                try keyed.encode("second", forKey: .second)
            case .keyedThenSingleValue:
                var keyed = encoder.container(keyedBy: Keys.self)
                try keyed.encode("first", forKey: .first)
                var single = encoder.singleValueContainer()
                try single.encode("second")
            case .twoSingleValues:
                var single = encoder.singleValueContainer()
                try single.encode("first")
                try single.encode("second")
            default:
                try encodeAtKey(encoder.container(keyedBy: Keys.self))
            }
        }

        /// The conflicts at a key of a keyed container.
        private func encodeAtKey(_ container: KeyedEncodingContainer<Keys>) throws {
            var container = container
            switch conflict {
            case .nestedKeyedThenNestedUnkeyed:
                var keyed = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
                try keyed.encode("Johnny Appleseed", forKey: .first)
                var unkeyed = container.nestedUnkeyedContainer(forKey: .top)
                try unkeyed.encode("second")
            case .nestedUnkeyedThenNestedKeyed:
                var unkeyed = container.nestedUnkeyedContainer(forKey: .top)
                try unkeyed.encode("first")
                var keyed = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
                try keyed.encode("second", forKey: .second)
            case .valueThenNestedKeyed:
                try container.encode("first", forKey: .top)
                var keyed = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
                try keyed.encode("second", forKey: .second)
            case .valueThenNestedUnkeyed:
                try container.encode("first", forKey: .top)
                var unkeyed = container.nestedUnkeyedContainer(forKey: .top)
                try unkeyed.encode("second")
            case .nestedKeyedThenSuperEncoder:
                var keyed = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
                try keyed.encode("first", forKey: .first)
                try "second".encode(to: container.superEncoder(forKey: .top))
            case .superEncoderThenNestedUnkeyed:
                try "first".encode(to: container.superEncoder(forKey: .top))
                var unkeyed = container.nestedUnkeyedContainer(forKey: .top)
                try unkeyed.encode("second")
            case .twoSuperEncoders:
                try "first".encode(to: container.superEncoder())
                try "second".encode(to: container.superEncoder())
            case .superEncoderThenNestedAtSuper:
                try "first".encode(to: container.superEncoder())
                var unkeyed = container.nestedUnkeyedContainer(forKey: .super)
                try unkeyed.encode("second")
            default:
                Issue.record("\(conflict) is not a conflict at a key")
            }
        }
    }

    /// The value is encoded one level down, so that the error's path is not empty.
    struct Holder: Encodable {
        var holder: Conflicting
    }

    /// The invalid-value error an encode threw, or a recorded issue.
    private func invalidValueContext(_ encode: () throws -> Data) -> EncodingError.Context? {
        do {
            let data = try encode()
            Issue.record("encoded \(data.count) bytes instead of failing")
        } catch EncodingError.invalidValue(_, let context) {
            return context
        } catch {
            Issue.record("threw \(error), not EncodingError.invalidValue")
        }
        return nil
    }

    @Test(arguments: Conflict.allCases, [PlistFormat.binary, .xml])
    func plistEncoderRefusesConflict(conflict: Conflict, format: PlistFormat) throws {
        let encoder = PlistEncoder(outputFormat: format)
        let context = invalidValueContext { try encoder.encode(Holder(holder: Conflicting(conflict: conflict))) }
        #expect(context.map { pathText($0.codingPath) } == conflict.path)
        #expect(context?.debugDescription.hasPrefix("A") == true)
        // The value tree reports it too.
        #expect(throws: EncodingError.self) { try encoder.encodeValue(Holder(holder: Conflicting(conflict: conflict))) }
    }

    @Test(arguments: Conflict.allCases)
    func archiveEncoderRefusesConflict(conflict: Conflict) throws {
        let context = invalidValueContext { try ArchiveEncoder().encode(Holder(holder: Conflicting(conflict: conflict))) }
        #expect(context.map { pathText($0.codingPath) } == conflict.path)
    }

    @Test func issueExampleNamesTheKey() throws {
        let context = invalidValueContext {
            try PlistEncoder().encode(Holder(holder: Conflicting(conflict: .nestedKeyedThenNestedUnkeyed)))
        }
        #expect(context?.debugDescription
            == "A nested unkeyed container was requested for key 'top', which already holds a value of another kind.")
    }

    /// What stays allowed, as in Foundation: asking again for a container of the same kind adds
    /// to it, and a value encoded again at a key (or a super encoder over a plain value)
    /// replaces the value there.
    struct Allowed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
            try first.encode("a", forKey: .first)
            var again = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
            try again.encode("b", forKey: .second)
            try container.encode("old", forKey: .first)
            try container.encode("new", forKey: .first)
            try container.encode("plain", forKey: .second)
            try "replaced".encode(to: container.superEncoder(forKey: .second))
            var more = encoder.container(keyedBy: Keys.self)
            var list = more.nestedUnkeyedContainer(forKey: .super)
            try list.encode(1)
            var listAgain = more.nestedUnkeyedContainer(forKey: .super)
            try listAgain.encode(2)
        }
    }

    @Test func repeatedRequestsOfOneKindMatchFoundation() throws {
        let expected: PlistValue = ["top": ["first": "a", "second": "b"], "first": "new", "second": "replaced", "super": [1, 2]]
        #expect(try PlistEncoder().encodeValue(Allowed()) == expected)
        #expect(try FoundationBridge.foundationTree(Allowed()) == expected)
        let archive = try ArchiveEncoder().encode(Allowed())
        let decoded = try ArchiveDecoder(allowedClassNames: ArchiveDecoder.foundationClassNames).decode(AllowedRead.self, from: archive)
        #expect(decoded == AllowedRead(top: ["first": "a", "second": "b"], first: "new", second: "replaced", super: [1, 2]))
    }

    /// What ``Allowed`` encodes, read back from an archive.
    struct AllowedRead: Decodable, Equatable {
        var top: [String: String]
        var first: String
        var second: String
        var `super`: [Int]
    }
}
