import Foundation
import PlistKit
import Testing

/// `KeyedArchive.graph(startingAt:options:)`: objects as nodes, references as edges, shared
/// objects and cycles kept as edges, refused classes marked, limits counted.
@Suite struct ArchiveGraphBuilderTests {
    // MARK: Helpers

    /// A class description dictionary.
    static func classEntry(_ name: String) -> PlistValue {
        ["$classname": .string(name), "$classes": [.string(name), "NSObject"]]
    }

    /// An archive of `objects` (after `$null`) with `$top` `top`.
    static func archive(_ objects: [PlistValue], top: PlistDictionary = ["root": .uid(1)]) throws -> KeyedArchive {
        try KeyedArchive([
            "$archiver": "NSKeyedArchiver", "$version": 100000,
            "$top": .dictionary(top), "$objects": .array(["$null"] + objects),
        ])
    }

    static func notes() throws -> KeyedArchive {
        try KeyedArchive(decoding: Fixtures.data("KeyedArchive/foundation-notes.bplist"))
    }

    func nodes(_ graph: PlistGraph, of className: String) -> [PlistGraph.Node] {
        graph.nodes.filter { $0.kind == .instance(className: className) }
    }

    func fields(_ node: PlistGraph.Node) -> [String: PlistValue] {
        Dictionary(node.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    func edges(_ graph: PlistGraph, to node: PlistGraph.Node) -> [PlistGraph.Edge] {
        graph.edges.filter { $0.to == node.id }
    }

    // MARK: Real archives

    /// Foundation's archive of two notes sharing one author: the author is one node with an
    /// edge from each note, not a copy per note.
    @Test func sharedObjectIsOneNodeWithAnEdgeFromEachPlace() throws {
        let graph = try Self.notes().graph()
        #expect(graph.nodes.count == 7)  // $top, the array, two notes, two dates, the user
        #expect(graph.omitted.isEmpty)
        #expect(graph.nodes[0].kind == .archiveTop)
        let users = nodes(graph, of: "main.User")
        try #require(users.count == 1)
        let user = users[0]
        #expect(fields(user) == ["userName": "ann", "age": 37])
        let authors = edges(graph, to: user)
        #expect(authors.count == 2)
        #expect(authors.allSatisfy { $0.labels == ["author"] })
        #expect(Set(authors.map { graph.nodes[$0.from].kind }) == [.instance(className: "main.Note")])
        let notes = nodes(graph, of: "main.Note")
        #expect(Set(notes.map { fields($0)["content"] }) == ["first", "second"])
        // The array's elements are labelled by index, $top's reference by its key.
        let array = try #require(nodes(graph, of: "NSArray").first)
        #expect(Set(graph.edges.filter { $0.from == array.id }.flatMap(\.labels)) == ["0", "1"])
        #expect(graph.edges.first { $0.from == 0 }?.labels == ["root"])
        #expect(graph.edges.allSatisfy { !$0.isInCycle })
    }

    /// The issue's `User`, archived by Foundation and by PlistKit: one object with its two
    /// scalar fields, the name string (a separate `$objects` entry) shown as a field.
    @Test func userArchivesAreOneObjectWithItsFields() throws {
        let foundation = try KeyedArchive(decoding: foundationArchive(User(userName: "bob", age: 41), secure: true)).graph()
        let plistKit = try KeyedArchive(decoding: KeyedArchiver.archivedData(withRootObject: UserRecord(userName: "bob", age: 41))).graph()
        for (graph, className) in [(foundation, "PlistKitTests.User"), (plistKit, "User")] {
            #expect(graph.nodes.count == 2, "\(className)")
            let user = try #require(nodes(graph, of: className).first)
            // In archive order, which in Foundation's archives is its dictionaries' hash order.
            #expect(user.fields.count == 2)
            #expect(fields(user) == ["userName": "bob", "age": 41])
            #expect(graph.edges == [PlistGraph.Edge(from: 0, to: user.id, labels: ["root"])])
        }
    }

    /// The issue's `Note` archived by Foundation, and the richer note fixture: dates are
    /// objects of their own, NSDictionary values are labelled by their keys, nil references
    /// (NSURL's empty base) are left out.
    @Test func noteArchivesShowTheirObjectsAndKeys() throws {
        let date = Date(timeIntervalSinceReferenceDate: 5_000)
        let simple = try KeyedArchive(decoding: foundationArchive(Note(date: date, content: "hello"), secure: true)).graph()
        let note = try #require(nodes(simple, of: "PlistKitTests.Note").first)
        #expect(fields(note) == ["content": "hello"])
        let dateNode = try #require(nodes(simple, of: "NSDate").first)
        #expect(fields(dateNode) == ["NS.time": 5000.0])
        #expect(edges(simple, to: dateNode).map(\.labels) == [["date"]])

        let rich = try KeyedArchive(decoding: Fixtures.data("Codable/foundation-note.archive")).graph()
        #expect(Set(rich.nodes.compactMap { node -> String? in
            if case .instance(let name) = node.kind { return name }
            return nil
        }) == ["PlistKitTests.FoundationNote", "PlistKitTests.FoundationPerson", "NSUUID", "NSArray", "NSURL", "NSDictionary", "NSDate"])
        let scores = try #require(nodes(rich, of: "NSDictionary").first)
        #expect(fields(scores) == ["a": 1, "b": -2])
        let tags = try #require(nodes(rich, of: "NSArray").first)
        #expect(tags.fields == [.init(name: "0", value: "home"), .init(name: "1", value: "weekly")])
        let url = try #require(nodes(rich, of: "NSURL").first)
        #expect(fields(url) == ["NS.relative": "https://example.com/notes/1"])
        let person = try #require(nodes(rich, of: "PlistKitTests.FoundationPerson").first)
        #expect(fields(person) == ["name": "Ada", "age": 36])
    }

    // MARK: Cycles, marks, starts

    /// A two-object cycle and a self-reference are edges back to the nodes drawn, marked as
    /// cycles; the walk ends.
    @Test func cyclesAreEdgesAndTheWalkEnds() throws {
        let archive = try Self.archive([
            ["$class": .uid(4), "next": .uid(2), "loop": .uid(3)],  // 1: A
            ["$class": .uid(4), "next": .uid(1)],  // 2: B, back to A
            ["$class": .uid(4), "me": .uid(3)],  // 3: C, itself
            Self.classEntry("Node"),
        ])
        let graph = try archive.graph()
        #expect(graph.nodes.count == 4)
        func edge(_ from: Int, _ to: Int) -> PlistGraph.Edge? {
            let ids = Dictionary(uniqueKeysWithValues: graph.nodes.compactMap { node in node.objectIndex.map { ($0, node.id) } })
            return graph.edges.first { $0.from == ids[from] && $0.to == ids[to] }
        }
        #expect(edge(1, 2)?.isInCycle == true)
        #expect(edge(2, 1)?.isInCycle == true)
        #expect(edge(3, 3)?.isInCycle == true)
        #expect(edge(1, 3)?.isInCycle == false)
        #expect(graph.edges.first { $0.from == 0 }?.isInCycle == false)
    }

    /// Classes outside the allow-list are marked, not refused: the graph is still drawn.
    @Test func refusedClassesAreMarkedNotThrown() throws {
        let archive = try Self.notes()
        let builtIns = try archive.graph(options: PlistGraphOptions(allowedClassNames: PlistGraphOptions.builtInClassNames))
        #expect(Set(builtIns.nodes.filter(\.isRefused).map(\.kind)) == [.instance(className: "main.Note"), .instance(className: "main.User")])
        #expect(builtIns.nodes.count == 7)
        let allowed = try archive.graph(options: PlistGraphOptions(allowedClassNames: PlistGraphOptions.builtInClassNames.union(["main.Note", "main.User"])))
        #expect(allowed.nodes.allSatisfy { !$0.isRefused })
        #expect(try archive.graph().nodes.allSatisfy { !$0.isRefused })
        // The unarchiver refuses what the graph marks.
        #expect(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(archive: archive, allowedClassNames: PlistGraphOptions.builtInClassNames).decodeGenericValue(forKey: "root")
        }
    }

    /// An object nothing refers to is drawn, marked, when the graph starts at `$top`.
    @Test func unreachableObjectsAreDrawnMarked() throws {
        let archive = try Self.archive([
            ["$class": .uid(3), "name": "kept"],  // 1
            ["$class": .uid(3), "name": "hidden"],  // 2: nothing refers to it
            Self.classEntry("Thing"),
        ])
        let graph = try archive.graph()
        #expect(graph.nodes.map(\.isUnreachable) == [false, false, true])
        #expect(fields(graph.nodes[2]) == ["name": "hidden"])
        #expect(try archive.graph(startingAt: .object(1)).nodes.count == 1)
    }

    @Test func startsAtAKeyPathOrAnObject() throws {
        let archive = try Self.notes()
        let author = try archive.graph(startingAt: .keyPath("root.0.author"))
        #expect(author.nodes.map(\.kind) == [.instance(className: "main.User")])
        #expect(try archive.graph(startingAt: .object(author.nodes[0].objectIndex ?? -1)) == author)
        let note = try archive.graph(startingAt: .keyPath("root.1"))
        #expect(note.nodes.count == 3)  // the note, its date, its author
        #expect(fields(note.nodes[0]) == ["content": "second"])
        #expect(try archive.graph(startingAt: .keyPath("")) == (try archive.graph()))
        // NSDictionary values by key.
        let rich = try KeyedArchive(decoding: Fixtures.data("Codable/foundation-note.archive"))
        #expect(try rich.graph(startingAt: .keyPath("root.author")).nodes.first?.kind == .instance(className: "PlistKitTests.FoundationPerson"))
    }

    @Test(arguments: [
        (KeyedArchive.GraphStart.keyPath("missing"), "The key path 'missing' names nothing: $top has no key 'missing'"),
        (.keyPath("root.5"), "The key path 'root.5' names nothing: 'root' has no '5'"),
        (.keyPath("root.0.content"), "The key path 'root.0.content' names the string \"first\", not an object"),
        (.keyPath("root.0.content.x"), "The key path 'root.0.content.x' passes through 'root.0.content', which is not an object with fields"),
        (.object(0), "$objects[0] is $null, not an object"),
        (.object(999), "There is no $objects[999] ($objects has 14 entries)"),
        (.object(5), "$objects[5] is the string \"first\", not an object with a class"),
        (.object(4), "$objects[4] is the class description of 'NSDate', not an object"),
    ])
    func startsThatNameNoObjectFail(start: KeyedArchive.GraphStart, reason: String) throws {
        let archive = try Self.notes()
        let error = try #require(throws: KeyedArchiveError.self) { try archive.graph(startingAt: start) }
        #expect(error.code == .valueNotFound)
        #expect(error.reason == reason)
    }

    // MARK: Limits

    @Test func nodeAndDepthLimitsCountWhatTheyLeaveOut() throws {
        let archive = try Self.notes()
        let few = try archive.graph(options: PlistGraphOptions(maximumNodes: 3))
        #expect(few.nodes.count == 3)
        #expect(few.omitted == PlistGraph.Omissions(beyondDepth: 0, overNodeLimit: 4))
        #expect(few.reachableObjectCount == 7)
        #expect(few.edges.allSatisfy { $0.from < 3 && $0.to < 3 })
        #expect(few.nodes.map(\.omittedReferences).reduce(0, +) == 1 + 2)  // the array's second note; the drawn note's date and author
        let shallow = try archive.graph(options: PlistGraphOptions(maximumDepth: 1))
        #expect(shallow.nodes.map(\.kind) == [.archiveTop, .instance(className: "NSArray")])
        #expect(shallow.omitted == PlistGraph.Omissions(beyondDepth: 5, overNodeLimit: 0))
        #expect(shallow.nodes[1].omittedReferences == 2)
    }

    @Test func fieldAndEdgeLimitsCountWhatTheyLeaveOut() throws {
        var fields: PlistDictionary = ["$class": .uid(3)]
        for i in 0..<40 { fields["f\(i)"] = .integer(PlistInteger(Int64(i))) }
        // 150 distinct objects in one array.
        let elements = (0..<150).map { PlistValue.uid(UInt32(4 + $0)) }
        fields["items"] = .array(elements)
        var objects: [PlistValue] = [.dictionary(fields), "unused", Self.classEntry("Big")]
        objects += (0..<150).map { _ in ["$class": .uid(3)] }
        let graph = try Self.archive(objects).graph(options: PlistGraphOptions(maximumNodes: 1000))
        let big = graph.nodes[1]
        #expect(big.fields.count == 16)
        #expect(big.omittedFields == 24)
        #expect(graph.edges.filter { $0.from == big.id }.count == 100)
        #expect(big.omittedReferences == 50)
        #expect(graph.edges.filter { $0.from == big.id }.first?.labels == ["items[0]"])
        // The 50 objects past the edge limit are not drawn: drawn, no arrow would lead to them.
        #expect(graph.nodes.count == 2 + 100)
        #expect(graph.omitted == PlistGraph.Omissions(pastEdgeLimit: 50))
        #expect(graph.reachableObjectCount == 152)
        let caption = PlistGraphDOTWriter().dot(of: graph, title: "big").split(separator: "\n")[1]
        #expect(caption.contains(#"102 of 152 nodes drawn\l50 past a node's arrow limit not drawn\l"#))
    }

    /// Several references from one object to another are one edge listing their keys.
    @Test func parallelReferencesMergeIntoOneEdge() throws {
        let archive = try Self.archive([
            ["$class": .uid(2), "NS.objects": [.uid(3), .uid(3), .uid(3), .uid(3), .uid(3)]],
            Self.classEntry("NSArray"),
            ["$class": .uid(4)],
            Self.classEntry("Leaf"),
        ])
        let graph = try archive.graph()
        let merged = try #require(graph.edges.first { $0.from == 1 })
        #expect(merged.labels == ["0", "1", "2"])
        #expect(merged.omittedLabels == 2)
        #expect(graph.edges.count == 2)
    }

    /// 60 arrays each referring to the next twice: 2⁶⁰ paths, 61 objects, 61 nodes.
    @Test func referenceBombIsOneNodePerObject() throws {
        var objects: [PlistValue] = [Self.classEntry("NSArray")]
        for level in 0..<60 {
            let next = PlistValue.uid(UInt32(level + 3))
            objects.append(["$class": .uid(1), "NS.objects": [next, next]])
        }
        objects.append(["$class": .uid(1), "NS.objects": []])
        let graph = try Self.archive(objects, top: ["root": .uid(2)]).graph()
        #expect(graph.nodes.count == 62)
        #expect(graph.edges.count == 61)
        #expect(graph.edges.dropFirst().allSatisfy { $0.labels == ["0", "1"] })
    }

    /// `$null` is neither a field nor a node.
    @Test func nullReferencesAreLeftOut() throws {
        let archive = try Self.archive([["$class": .uid(2), "nothing": .uid(0), "list": [.uid(0), 3]], Self.classEntry("Thing")])
        let graph = try archive.graph()
        #expect(graph.nodes.count == 2)
        #expect(graph.nodes[1].fields == [.init(name: "list[1]", value: 3)])
        #expect(graph.edges.count == 1)
    }

    /// Every keyed archive of the real-world corpus that reads gives a graph with at most one
    /// node per object (and `$top`), its edges between drawn nodes. Runs only when the corpus
    /// is present.
    @Test func everyCorpusArchiveGraphsWithinItsObjects() throws {
        for entry in CorpusEntry.entries(ofKinds: ["keyed-archive-binary", "keyed-archive-xml"]) {
            guard let archive = try? KeyedArchive(decoding: entry.data()) else { continue }
            let graph = try archive.graph(options: PlistGraphOptions(maximumNodes: .max, allowedClassNames: PlistGraphOptions.builtInClassNames))
            #expect(graph.nodes.count <= archive.objects.count + 1, "\(entry.path)")
            #expect(graph.omitted.isEmpty, "\(entry.path)")
            #expect(graph.edges.allSatisfy { graph.nodes.indices.contains($0.from) && graph.nodes.indices.contains($0.to) }, "\(entry.path)")
            let instances = archive.objects.filter { if case .instance = $0 { return true } else { return false } }.count
            #expect(graph.nodes.count == instances + 1, "\(entry.path): every instance is drawn once")
        }
    }

    /// Docs/KeyedArchives.md's example, as written there, on a notebook of two notes.
    @Test func documentationExampleRuns() throws {
        let data = try Self.archive([
            ["$class": .uid(2), "notes": .uid(3)], Self.classEntry("Notebook"),
            ["$class": .uid(4), "NS.objects": [.uid(5), .uid(6)]], Self.classEntry("NSArray"),
            ["$class": .uid(7), "title": "a"], ["$class": .uid(7), "title": "b"], Self.classEntry("Note"),
        ]).encoded()

        let archive = try KeyedArchive(decoding: data)
        var options = PlistGraphOptions(maximumNodes: 200)
        options.allowedClassNames = PlistGraphOptions.builtInClassNames.union(["Note"])
        let graph = try archive.graph(startingAt: .keyPath("root.notes"), options: options)
        let dot = PlistGraphDOTWriter().dot(of: graph, title: "notes.archive")

        #expect(graph.nodes.map(\.kind) == [.instance(className: "NSArray"), .instance(className: "Note"), .instance(className: "Note")])
        #expect(graph.nodes.allSatisfy { !$0.isRefused })
        #expect(dot.contains("n0 -> n1 [label=\"0\"];"))
    }
}
