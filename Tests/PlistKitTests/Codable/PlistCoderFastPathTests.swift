import Foundation
import Testing
@testable import PlistKit

/// The coders' fast paths against the general ones: keyed lookups that try the position a key
/// was last found at first, and values the encoder recognises by their metatype.
@Suite struct PlistCoderFastPathTests {
    /// Keys short enough to be small strings and long ones, and pairs equal only up to Unicode
    /// normalization ("é" as one scalar and as "e" + U+0301), which must stay distinct; enough
    /// of them that some dictionaries are past the sizes that are scanned rather than indexed.
    static let keyPool = [
        "Name", "Track ID", "é", "e\u{301}", "Å", "A\u{30A}", "a rather long key beyond fifteen bytes",
        "a rather long key beyond fifteen bytes!", "", "Size", "size", "x", "Play Count",
    ] + (0..<(2 * PlistDictionary.indexThreshold)).map { "key \($0)" }

    static let requestsKey = CodingUserInfoKey(rawValue: "plistKitTestRequests")!

    /// Looks keys up in the order the test asks, each several times and in several ways, and
    /// records what it finds.
    struct Probe: Decodable, Equatable {
        var found: [String?]

        init(found: [String?]) { self.found = found }

        init(from decoder: any Decoder) throws {
            let requests = decoder.userInfo[PlistCoderFastPathTests.requestsKey] as? [String] ?? []
            let container = try decoder.container(keyedBy: PlistCodingKey.self)
            found = try requests.map { name in
                let key = PlistCodingKey(stringValue: name)
                let present = container.contains(key)
                let optional = try container.decodeIfPresent(String.self, forKey: key)
                guard present else {
                    #expect(optional == nil)
                    #expect(throws: DecodingError.self) { try container.decode(String.self, forKey: key) }
                    return nil
                }
                let value = try container.decode(String.self, forKey: key)
                #expect(optional == value)
                return value
            }
        }
    }

    /// Random dictionaries (random subsets of the pool in random orders) read by random request
    /// lists, with repeats and missing keys, give what `PlistDictionary`'s own exact lookup
    /// gives: from a value tree, from binary bytes read lazily and read eagerly.
    @Test func rememberedKeyPositionsFindWhatTheDictionaryHolds() throws {
        var random = SeededRandom(seed: 0x5EED_CAFE)
        for round in 0..<200 {
            var dictionaries: [PlistValue] = []
            var expected: [Probe] = []
            var requests: [String] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                requests.append(Self.keyPool.randomElement(using: &random)!)
            }
            for n in 0..<Int.random(in: 1...8, using: &random) {
                var dictionary = PlistDictionary()
                for key in Self.keyPool.shuffled(using: &random) where Bool.random(using: &random) {
                    dictionary[key] = .string("\(n):\(key)")
                }
                dictionaries.append(.dictionary(dictionary))
                expected.append(Probe(found: requests.map { dictionary[$0]?.string }))
            }
            var decoder = PlistDecoder()
            decoder.userInfo = [Self.requestsKey: requests]
            let tree = PlistValue.array(dictionaries)
            let bytes = try tree.encoded(as: .binary)
            let fromTree = try decoder.decode([Probe].self, from: tree)
            let fromBytes = try decoder.decode([Probe].self, from: bytes)
            #expect(fromTree == expected, "round \(round)")
            #expect(fromBytes == expected, "round \(round)")
            if fromTree != expected || fromBytes != expected { return }
        }
    }

    /// Containers of one key type nested in each other, each with its own remembered
    /// position, find their own keys, whatever the order of the keys (XML sorts them, binary
    /// keeps the encoder's).
    @Test func nestedContainersOfOneKeyTypeFindTheirOwnKeys() throws {
        struct Node: Codable, Equatable {
            var name: String
            var size: Int?
            var children: [Node]
            var zone: String
        }
        func tree(_ depth: Int, _ label: String) -> Node {
            Node(
                name: "n\(label)", size: label.count.isMultiple(of: 2) ? label.count : nil,
                children: depth == 0 ? [] : (0..<(depth % 3 + 1)).map { tree(depth - 1, label + "\($0)") },
                zone: "z\(label)")
        }
        let root = tree(5, "")
        for format in [PlistFormat.xml, .binary] {
            var encoder = PlistEncoder()
            encoder.outputFormat = format
            #expect(try PlistDecoder().decode(Node.self, from: encoder.encode(root)) == root, "\(format)")
        }
    }

    /// A missing key after a hit at the same position in an earlier dictionary reports the
    /// same error, with the same path, both ways.
    @Test func missingKeyAfterRememberedPositionIsStillMissing() throws {
        struct Item: Decodable {
            var name: String
            enum CodingKeys: String, CodingKey { case name = "Name" }
        }
        let tree: PlistValue = .array([.dictionary(["Name": "a"]), .dictionary(["Nam": "b"])])
        for input in [try tree.encoded(as: .binary), try tree.encoded(as: .xml)] {
            let error = try #require(throws: DecodingError.self) { try PlistDecoder().decode([Item].self, from: input) }
            guard case .keyNotFound(let key, let context) = error else {
                Issue.record("expected keyNotFound, got \(error)")
                continue
            }
            #expect(key.stringValue == "Name")
            #expect(context.codingPath.map(\.stringValue) == ["Index 1"])
        }
    }

    struct Scalars: Codable, Equatable {
        var text = "t"
        var integer = -7
        var real = 2.5
        var flag = true
        var date = Date(timeIntervalSinceReferenceDate: 12.5)
        var data = Data([1, 2, 3])
        var optionals: [Int?] = [1, nil, 3]
        var optionalDates: [Date?] = [Date(timeIntervalSince1970: 0), nil]
        var small: [UInt8] = [0, 255]
        var nested: [[String: Double]] = [["a": 1]]
    }

    /// Values encoded through the metatype checks (and the remembered types that are none of
    /// them) give the values the general path gives, under every date and data strategy.
    @Test(arguments: [false, true])
    func metatypeChecksEncodeWhatTheGeneralPathDoes(secondsAndBase64: Bool) throws {
        var encoder = PlistEncoder()
        if secondsAndBase64 {
            encoder.dateEncodingStrategy = .secondsSince1970
            encoder.dataEncodingStrategy = .base64
        }
        let date: PlistValue = secondsAndBase64 ? .real(978_307_212.5) : .date(Date(timeIntervalSinceReferenceDate: 12.5))
        let data: PlistValue = secondsAndBase64 ? .string("AQID") : .data(Data([1, 2, 3]))
        let epoch: PlistValue = secondsAndBase64 ? .real(0) : .date(Date(timeIntervalSince1970: 0))
        let expected: PlistValue = .dictionary([
            "text": "t", "integer": .integer(PlistInteger(Int64(-7))), "real": .real(2.5), "flag": .boolean(true),
            "date": date, "data": data,
            "optionals": .array([.integer(PlistInteger(Int64(1))), .string("$null"), .integer(PlistInteger(Int64(3)))]),
            "optionalDates": .array([epoch, .string("$null")]),
            "small": .array([.integer(PlistInteger(UInt64(0))), .integer(PlistInteger(UInt64(255)))]),
            "nested": .array([.dictionary(["a": .real(1)])]),
        ])
        // Twice in one encoder and as elements of an array: the second time, the types that
        // encode themselves are remembered.
        let values = try encoder.encodeValue([Scalars(), Scalars()])
        #expect(values == .array([expected, expected]))
        #expect(try encoder.encodeValue(Scalars()) == expected)
        // The top level too: a bare scalar, Date and Optional.
        #expect(try encoder.encodeValue("s") == .string("s"))
        #expect(try encoder.encodeValue(Optional(5)) == .integer(PlistInteger(Int64(5))))
        #expect(try encoder.encodeValue(Date(timeIntervalSinceReferenceDate: 12.5)) == date)
    }

    /// Encodes `count` keys, then the first key again (a repeated key keeps its first position
    /// and takes the last value).
    struct VariableKeys: Encodable {
        var count: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            for i in 0..<count { try container.encode(i, forKey: PlistCodingKey(stringValue: "k\(i)")) }
            if count > 0 { try container.encode("again", forKey: PlistCodingKey(stringValue: "k0")) }
        }
    }

    /// Dictionaries of one key type reserve the size of the previous one: smaller, larger and
    /// empty successors still hold exactly what was encoded.
    @Test func dictionariesSizedLikeTheirPredecessorsHoldWhatWasEncoded() throws {
        let counts = [3, 20, 0, 5, 5, 1, 40]
        let encoded = try PlistEncoder().encodeValue(counts.map(VariableKeys.init))
        let expected: PlistValue = .array(counts.map { count in
            var dictionary = PlistDictionary()
            for i in 0..<count { dictionary["k\(i)"] = .integer(PlistInteger(Int64(i))) }
            if count > 0 { dictionary["k0"] = "again" }
            return .dictionary(dictionary)
        })
        #expect(encoded == expected)
        guard case .array(let elements) = encoded else { return }
        // Key order too (equality of dictionaries ignores it).
        #expect(elements.map { $0.dictionary?.keys ?? [] } == counts.map { count in (0..<count).map { "k\($0)" } })
    }

    /// Records the coding path each value sees, and encodes children below itself.
    final class PathLog: @unchecked Sendable {
        // Test-only; one encode on one thread.
        var paths: [String] = []
    }

    struct PathRecorder: Encodable {
        var log: PathLog
        var children: [String: [PathRecorder]] = [:]
        var failAt: String?

        func encode(to encoder: any Encoder) throws {
            let path = encoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
            log.paths.append(path)
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            try container.encode(path, forKey: PlistCodingKey(stringValue: "path"))
            if path == failAt {
                try container.encode(UInt128.max, forKey: PlistCodingKey(stringValue: "too big"))
            }
            for key in children.keys.sorted() {
                try container.encode(children[key] ?? [], forKey: PlistCodingKey(stringValue: key))
            }
        }
    }

    /// Encoders whose paths are made only when asked for, and encoders reused once nothing
    /// refers to them, still give every value its own path, in `codingPath`, in a custom key
    /// strategy and in errors.
    @Test func lazilyMadePathsAndReusedEncodersGiveEveryValueItsPath() throws {
        let log = PathLog()
        let leaf = PathRecorder(log: log)
        let tree = PathRecorder(log: log, children: [
            "a": [leaf, PathRecorder(log: log, children: ["deep": [leaf, leaf]]), leaf],
            "b": [PathRecorder(log: log, children: ["c": [leaf]])],
        ])
        let strategyLog = PathLog()
        var encoder = PlistEncoder()
        encoder.keyEncodingStrategy = .custom { path in
            strategyLog.paths.append(path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/"))
            return path.last ?? PlistCodingKey(stringValue: "")
        }
        let value = try encoder.encodeValue(tree)
        let expected = ["", "a/0", "a/1", "a/1/deep/0", "a/1/deep/1", "a/2", "b/0", "b/0/c/0"]
        #expect(log.paths == expected)
        // Each value wrote its own path under "path", where the strategy saw it too.
        #expect(value["a"]?[1]?["deep"]?[1]?["path"] == "a/1/deep/1")
        #expect(value["b"]?[0]?["c"]?[0]?["path"] == "b/0/c/0")
        #expect(Set(expected.map { $0.isEmpty ? "path" : "\($0)/path" }).isSubset(of: Set(strategyLog.paths)))
        // An error deep inside names the full path.
        for failing in ["a/1/deep/1", "b/0/c/0", "a/2"] {
            let failingTree = PathRecorder(log: PathLog(), children: tree.children.mapValues { records in
                records.map { record in
                    var record = record
                    record.children = record.children.mapValues { $0.map { var leaf = $0; leaf.failAt = failing; return leaf } }
                    record.failAt = failing
                    return record
                }
            })
            do {
                _ = try PlistEncoder().encode(failingTree)
                Issue.record("no error for \(failing)")
            } catch let EncodingError.invalidValue(_, context) {
                let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
                #expect(path == failing + "/too big")
            }
        }
    }

    /// Decodes a dictionary of records whose fields are lists of records, recording the
    /// coding path each decoder sees, and optionally failing at one of them.
    struct PathReader: Decodable {
        static let logKey = CodingUserInfoKey(rawValue: "plistKitTestPathLog")!
        var children: [String: [PathReader]]

        init(from decoder: any Decoder) throws {
            let path = decoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
            (decoder.userInfo[Self.logKey] as? PathLog)?.paths.append(path)
            let container = try decoder.container(keyedBy: PlistCodingKey.self)
            var children: [String: [PathReader]] = [:]
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where key.stringValue != "n" {
                children[key.stringValue] = try container.decode([PathReader].self, forKey: key)
            }
            // Every record has an integer "n"; one with a string there fails.
            _ = try container.decode(Int.self, forKey: PlistCodingKey(stringValue: "n"))
            self.children = children
        }
    }

    /// Decoders whose paths are made only when asked for, and decoders reused once nothing
    /// refers to them, give every value its own path, in `codingPath` and in errors, from
    /// binary bytes and from a value.
    @Test func lazilyMadePathsAndReusedDecodersGiveEveryValueItsPath() throws {
        let leaf: PlistValue = ["n": 1]
        let tree: PlistValue = [
            "n": 0,
            "a": [leaf, ["n": 2, "deep": [leaf, leaf]], leaf],
            "b": [["n": 3, "c": [leaf]]],
        ]
        let expected = ["", "a/0", "a/1", "a/1/deep/0", "a/1/deep/1", "a/2", "b/0", "b/0/c/0"]
        let log = PathLog()
        var decoder = PlistDecoder()
        decoder.userInfo[PathReader.logKey] = log
        _ = try decoder.decode(PathReader.self, from: tree.encoded(as: .binary))
        #expect(log.paths == expected)
        log.paths = []
        _ = try decoder.decode(PathReader.self, from: tree)
        #expect(log.paths == expected)
        // A bad field deep inside is reported at its full path.
        for failing in ["a/1/deep/1/n", "b/0/c/0/n", "a/2/n"] {
            var damaged = tree
            try damaged.setValue("x", at: PlistKeyPath(components: failing.split(separator: "/").map(String.init)))
            do {
                _ = try PlistDecoder().decode(PathReader.self, from: damaged.encoded(as: .binary))
                Issue.record("no error for \(failing)")
            } catch let DecodingError.typeMismatch(_, context) {
                #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/") == failing)
            }
        }
    }
}
