import Foundation
import PlistKit
import Testing

/// `PlistValue.graph(startingAt:options:)`: containers as nodes, the containers a binary
/// plist shares as one node.
@Suite struct PlistValueGraphTests {
    typealias B = HandMadeBinaryPlist

    /// A text file's graph is its tree: one node per container, edges by key and index,
    /// scalars as fields.
    @Test func textPlistGraphIsItsTree() throws {
        let value = try PlistValue(decoding: Fixtures.data("Examples/Info.plist"))
        let graph = try value.graph()
        #expect(graph.nodes.map(\.kind) == [.dictionary(count: 16), .array(count: 2), .dictionary(count: 0), .array(count: 2)])
        #expect(graph.edges.map(\.labels) == [["UIBackgroundModes"], ["UILaunchScreen"], ["UISupportedInterfaceOrientations"]])
        #expect(graph.nodes[0].fields.first == PlistGraph.Node.Field(name: "CFBundleDevelopmentRegion", value: "en"))
        #expect(graph.nodes[0].fields.count == 13)
        #expect(graph.nodes[1].fields.map(\.name) == ["0", "1"])
    }

    /// A binary plist whose root refers to one dictionary under two keys: one node with one
    /// edge carrying both keys. Read with Foundation's plist reader, the same file is a tree.
    @Test func sharedContainerOfABinaryPlistIsOneNode() throws {
        var plist = B()
        plist.objects = [
            [0xD2, 1, 2, 3, 3],  // 0: {a: 3, b: 3}
            B.ascii("a"), B.ascii("b"),
            [0xD1, 4, 5],  // 3: {k: "v"}
            B.ascii("k"), B.ascii("v"),
        ]
        let graph = try PlistValue(decoding: plist.bytes).graph()
        #expect(graph.nodes.map(\.kind) == [.dictionary(count: 2), .dictionary(count: 1)])
        #expect(graph.edges == [PlistGraph.Edge(from: 0, to: 1, labels: ["a", "b"])])
        #expect(graph.nodes[1].fields == [.init(name: "k", value: "v")])
        // Written out again (PlistKit's writer, like Apple's, does not unique containers) it is a tree.
        let rewritten = try PlistValue(decoding: try PlistValue(decoding: plist.bytes).encoded(as: .binary)).graph()
        #expect(rewritten.nodes.count == 3)
    }

    /// The 60-level reference bomb (2⁶⁰ paths) has one node per array.
    @Test func referenceBombIsOneNodePerObject() throws {
        let value = try PlistValue(decoding: B.referenceBomb(levels: 60).bytes)
        let graph = try value.graph()
        #expect(graph.nodes.count == 60)
        #expect(graph.edges.count == 59)
        #expect(graph.edges.allSatisfy { $0.labels == ["0", "1"] })
        #expect(graph.nodes.last?.fields == [.init(name: "0", value: "x"), .init(name: "1", value: "x")])
    }

    /// Empty containers have no storage to share: each is a node of its own.
    @Test func emptyContainersAreEachTheirOwnNode() throws {
        let value: PlistValue = ["a": [], "b": [], "c": [:], "d": [:]]
        #expect(try value.graph().nodes.count == 5)
    }

    @Test func scalarRootIsOneNode() throws {
        let graph = try PlistValue.string("alone").graph()
        #expect(graph.nodes.map(\.kind) == [.value])
        #expect(graph.nodes[0].fields == [.init(name: "value", value: "alone")])
    }

    @Test func startsAtAKeyPathAndCutsByDepth() throws {
        let value: PlistValue = ["a": ["b": ["c": ["d": 1]]]]
        let graph = try value.graph(startingAt: "a.b")
        #expect(graph.nodes.count == 2)
        let shallow = try value.graph(options: PlistGraphOptions(maximumDepth: 1))
        #expect(shallow.nodes.count == 2)
        #expect(shallow.omitted == PlistGraph.Omissions(beyondDepth: 2))
        #expect(shallow.nodes[1].omittedReferences == 1)
        #expect(throws: PlistError.self) { try value.graph(startingAt: "a.x") }
    }
}
