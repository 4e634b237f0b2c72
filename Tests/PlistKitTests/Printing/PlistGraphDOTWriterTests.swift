import Foundation
import PlistKit
import Testing

/// `PlistGraphDOTWriter`: DOT whose structure matches the graph, labels escaped whatever the
/// input holds, and (when Graphviz is installed) drawn by `dot` into SVG that parses and
/// shows the input's text as it is.
@Suite struct PlistGraphDOTWriterTests {
    typealias Tests = ArchiveGraphBuilderTests

    /// A class name, key and value with everything DOT or a reader could trip on.
    static let hostileName = "Evil\"Class\\N\n&amp;\u{202E}é\u{1}"

    /// Every graph the tests draw, by name.
    static func graphs() throws -> [(name: String, graph: PlistGraph)] {
        let allowBuiltIns = PlistGraphOptions(allowedClassNames: PlistGraphOptions.builtInClassNames)
        let cycle = try Tests.archive([
            ["$class": .uid(3), "next": .uid(2)], ["$class": .uid(3), "next": .uid(1)], Tests.classEntry("Node"),
        ])
        let hostile = try Tests.archive(
            [["$class": .uid(2), .init(stringLiteral: hostileName): .string(hostileName), "link": .uid(3)],
             Tests.classEntry(hostileName), ["$class": .uid(2)]],
            top: [hostileName: .uid(1)])
        let long = String(repeating: "é", count: 500)
        let longNames = try Tests.archive([["$class": .uid(2), .init(stringLiteral: long): .string(long)], Tests.classEntry(long)])
        return [
            ("notes", try Tests.notes().graph(options: allowBuiltIns)),
            ("note fixture", try KeyedArchive(decoding: Fixtures.data("Codable/foundation-note.archive")).graph(options: allowBuiltIns)),
            ("User", try KeyedArchive(decoding: foundationArchive(User(userName: "bob", age: 41), secure: true)).graph(options: allowBuiltIns)),
            ("Note", try KeyedArchive(decoding: foundationArchive(Note(date: Date(timeIntervalSinceReferenceDate: 0), content: "hi"), secure: true)).graph()),
            ("cycle", try cycle.graph()),
            ("hostile", try hostile.graph(options: allowBuiltIns)),
            ("long names", try longNames.graph()),
            ("cut", try Tests.notes().graph(options: PlistGraphOptions(maximumNodes: 3))),
            ("Info.plist", try PlistValue(decoding: Fixtures.data("Examples/Info.plist")).graph()),
            ("reference bomb", try PlistValue(decoding: HandMadeBinaryPlist.referenceBomb(levels: 60).bytes).graph()),
        ]
    }

    /// The statements of the writer's DOT, read back by a strict reader of the subset it
    /// writes: one statement a line, quoted strings closed on their line with only `\"` and
    /// `\\` escapes... as DOT reads them.
    struct Statements {
        var nodes: [Int: [String: String]] = [:]
        var edges: [(from: Int, to: Int, attributes: [String: String])] = []
        var graph: [String: String] = [:]

        init(_ dot: String) throws {
            let lines = dot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            try #require(lines.first == "digraph plist {")
            try #require(lines.suffix(2) == ["}", ""])
            for line in lines.dropFirst().dropLast(2) {
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "a control character in \(line.debugDescription)")
                let statement = try #require(line.hasPrefix("  ") && line.hasSuffix("];") ? line.dropFirst(2).dropLast(2) : nil, "\(line)")
                let open = try #require(statement.firstIndex(of: "["))
                let head = statement[..<open].trimmingCharacters(in: .whitespaces)
                let attributes = try Self.attributes(String(statement[statement.index(after: open)...]))
                if head == "graph" {
                    graph = attributes
                } else if head == "node" || head == "edge" {
                    continue
                } else if let arrow = head.range(of: " -> ") {
                    let from = try #require(Int(head[..<arrow.lowerBound].dropFirst()))
                    let to = try #require(Int(head[arrow.upperBound...].dropFirst()))
                    edges.append((from, to, attributes))
                } else {
                    try #require(head.first == "n")
                    nodes[try #require(Int(head.dropFirst()))] = attributes
                }
            }
        }

        /// `a=b, c="d \" e"` as a dictionary, quoted values unescaped as DOT does.
        static func attributes(_ text: String) throws -> [String: String] {
            var result: [String: String] = [:]
            let scalars = Array(text.unicodeScalars)
            var position = 0
            func take(while condition: (Unicode.Scalar) -> Bool) -> String {
                var out = ""
                while position < scalars.count, condition(scalars[position]) {
                    out.unicodeScalars.append(scalars[position])
                    position += 1
                }
                return out
            }
            while position < scalars.count {
                let name = take { $0 != "=" }
                position += 1
                var value = ""
                if position < scalars.count, scalars[position] == "\"" {
                    position += 1
                    var closed = false
                    while position < scalars.count {
                        let scalar = scalars[position]
                        position += 1
                        if scalar == "\\", position < scalars.count {
                            let next = scalars[position]
                            position += 1
                            // DOT keeps a backslash before anything but a quote; the label
                            // reader then reads `\\` as one backslash.
                            if next == "\"" {
                                value += "\""
                            } else {
                                value += "\\"
                                value.unicodeScalars.append(next)
                            }
                        } else if scalar == "\"" {
                            closed = true
                            break
                        } else {
                            value.unicodeScalars.append(scalar)
                        }
                    }
                    try #require(closed, "an unclosed string in \(text)")
                } else {
                    value = take { $0 != "," }
                }
                result[name] = value
                if position + 1 < scalars.count, scalars[position] == ",", scalars[position + 1] == " " { position += 2 }
            }
            return result
        }
    }

    @Test func statementsMatchTheGraph() throws {
        for (name, graph) in try Self.graphs() {
            let statements = try Statements(PlistGraphDOTWriter().dot(of: graph, title: name))
            #expect(statements.nodes.count == graph.nodes.count, "\(name)")
            #expect(Set(statements.nodes.keys) == Set(graph.nodes.map(\.id)), "\(name)")
            #expect(statements.edges.count == graph.edges.count, "\(name)")
            for (written, edge) in zip(statements.edges, graph.edges) {
                #expect(written.from == edge.from && written.to == edge.to, "\(name)")
                #expect((written.attributes["color"] != nil) == edge.isInCycle, "\(name)")
            }
            for node in graph.nodes {
                #expect((statements.nodes[node.id]?["color"] != nil) == node.isRefused, "\(name)")
            }
        }
    }

    /// Quotes, backslashes, line breaks, `&`, control and bidirectional characters in class
    /// names and keys are escaped; non-ASCII text stays as it is.
    @Test func hostileTextIsEscaped() throws {
        let graph = try Self.graphs().first { $0.name == "hostile" }!.graph
        let dot = PlistGraphDOTWriter().dot(of: graph, title: "a\"b\nc")
        let statements = try Statements(dot)
        // As the label reader sees it: `\\` a backslash, `\n` / `\l` line ends.
        let visible = #"Evil"Class\\N\\u{a}&amp;amp;\\u{202e}é\\u{1}"#
        let object = try #require(statements.nodes[1]?["label"])
        #expect(object.hasPrefix(visible + " $objects[1]\\n"))
        #expect(object.contains(#"\l"# + visible + #" = "Evil\\"Class\\\\N\\n&amp;amp;\\u{202e}é\\u{1}"\l"#))
        #expect(statements.edges.first?.attributes["label"] == visible)
        #expect(statements.graph["label"]?.hasPrefix(#"a"b\\u{a}c\l"#) == true)
    }

    /// A field shows a scalar as a diff's line does, so a date no calendar holds reads
    /// `date nan`, not a bare number that passes for a real; data by its size and first bytes.
    @Test func fieldsShowEachKindOfScalar() throws {
        let value: PlistValue = [
            "flag": true, "count": 3, "ratio": 1.5, "name": "a\"b", "when": .date(Date(timeIntervalSinceReferenceDate: 0.5)),
            "never": .date(Date(timeIntervalSinceReferenceDate: .nan)), "blob": .data(Data([1, 2])),
        ]
        let label = try #require(try Statements(PlistGraphDOTWriter().dot(of: value.graph(), title: "t")).nodes[0]?["label"])
        let fields = label.replacingOccurrences(of: #"\n"#, with: #"\l"#).components(separatedBy: #"\l"#).dropFirst().filter { !$0.isEmpty }
        #expect(fields == [
            "flag = true", "count = 3", "ratio = 1.5", #"name = "a\\"b""#, "when = 2001-01-01T00:00:00.500Z", "never = date nan",
            "blob = <2 bytes> 0102",
        ])
    }

    @Test func longLinesAreCut() throws {
        let graph = try Self.graphs().first { $0.name == "long names" }!.graph
        let label = try #require(try Statements(PlistGraphDOTWriter(maximumLineLength: 40).dot(of: graph, title: "t")).nodes[1]?["label"])
        let lines = label.replacingOccurrences(of: #"\l"#, with: "\n").replacingOccurrences(of: #"\n"#, with: "\n")
            .split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count <= 41 + 3 + 41 })
        #expect(lines[0] == String(repeating: "é", count: 40) + "…")
    }

    /// A character is any number of Unicode scalars (a letter and its combining marks): a
    /// line is cut at four times its length in scalars too, so a key of one letter and 3,000
    /// accents does not make a 3,000-scalar line.
    @Test func aCharacterOfManyCombiningMarksIsCut() throws {
        let heavy = "e" + String(repeating: "\u{301}", count: 3000)
        let graph = try PlistValue.dictionary([heavy: [1], "x" + heavy: "y"]).graph()
        let dot = PlistGraphDOTWriter(maximumLineLength: 40).dot(of: graph, title: "t")
        let statements = try Statements(dot)
        // The cut falls between characters: the heavy one goes whole.
        let field = try #require(statements.nodes[0]?["label"])
        #expect(field.contains("x… = "))
        let edge = try #require(statements.edges.first?.attributes["label"])
        #expect(edge == "…")
        #expect(dot.unicodeScalars.count < 1000)
    }

    @Test func captionSaysWhatWasCut() throws {
        let graph = try Self.graphs().first { $0.name == "cut" }!.graph
        let caption = try #require(try Statements(PlistGraphDOTWriter().dot(of: graph, title: "notes")).graph["label"])
        #expect(caption == #"notes\l3 of 7 nodes drawn\l4 over the node limit not drawn\l"#)
    }

    /// Graphviz reads every graph the tests make, and shows the hostile text as it was meant:
    /// the quote, the backslash, the `&amp;` and the escapes literally.
    @Test(.enabled(if: Graphviz.dot != nil, "\(Graphviz.missing)"))
    func everyTestGraphDrawsAsSVGThatParses() throws {
        for (name, graph) in try Self.graphs() {
            let svg = try Graphviz.svg(PlistGraphDOTWriter().dot(of: graph, title: name))
            let texts = try Graphviz.texts(ofSVG: svg)
            #expect(!texts.isEmpty, "\(name)")
            if name == "hostile" {
                #expect(texts.contains(#"Evil"Class\N\u{a}&amp;\u{202e}é\u{1} $objects[1]"#), "\(texts)")
                #expect(texts.contains("refused: class not allowed"), "\(texts)")
            }
            if name == "notes" {
                #expect(texts.contains("main.User $objects[6]"), "\(texts)")
                #expect(texts.contains(#"userName = "ann""#), "\(texts)")
            }
        }
    }
}
