import FoundationEssentials
import PlistKit

/// `graph FILE`: a keyed archive's object graph, or a property list's containers, as
/// Graphviz DOT or (through Graphviz's `dot`) as a picture.
enum GraphCommand: Subcommand {
    static let spec = CommandSpec(
        name: "graph",
        abstract: "Draw a keyed archive's object graph, or a property list's containers, as Graphviz DOT.",
        discussion: """
          An archive's objects are boxes with their class, $objects index and scalar fields;
          references are arrows labelled with the key or index that refers, so shared objects
          have several arrows in and cycles are cycles of arrows; $null is left out. Classes
          outside the built-in Foundation classes and --allow are drawn red, as a secure
          decode would refuse them. A plain property list's arrays and dictionaries are the
          boxes: the containers a binary plist shares appear once.

          The output is DOT (read by every graph tool); --format svg, png or pdf runs
          Graphviz's 'dot', which must be installed. --max-nodes (default 500), --depth and
          --root keep a big graph readable; what they leave out is said on standard error
          and in the drawing's caption.
          """,
        arguments: [.init("file", help: "The archive or property list ('-' for standard input).")],
        options: [
            .init(["--format"], value: "format", help: "dot (default), svg, png or pdf (these need Graphviz's dot)."),
            .init(["-o", "--output"], value: "path", help: "Write the graph here instead of standard output."),
            .init(["--allow"], value: "classes", help: "Classes allowed besides the built-in ones (comma-separated); others are marked."),
            .init(["--root"], value: "keypath", help: "Start at this key path, or (archives) this $objects index."),
            .init(["--depth"], value: "n", help: "Draw only objects at most N references from the start."),
            .init(["--max-nodes"], value: "n", help: "Draw at most N objects (default \(PlistGraphOptions.defaultMaximumNodes))."),
        ])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let file = arguments.positionals[0]
        let format = arguments.value("--format") ?? "dot"
        guard format == "dot" || GraphvizRenderer.formats.contains(format) else {
            throw CommandError.usage("Unknown format '\(format)'; use dot, svg, png or pdf.", spec)
        }
        var options = PlistGraphOptions(
            maximumNodes: try arguments.integer("--max-nodes", minimum: 1) ?? PlistGraphOptions.defaultMaximumNodes,
            maximumDepth: try arguments.integer("--depth", minimum: 0))
        let extraClasses = arguments.value("--allow").map(ArchiveView.classNames)
        let document = try Documents.load(file)
        let graph: PlistGraph
        do {
            if KeyedArchive.isArchive(document.value) {
                let archive = try ArchiveView.archive(document.value, file: file)
                options.allowedClassNames = PlistGraphOptions.builtInClassNames.union(extraClasses ?? [])
                graph = try archive.graph(startingAt: archiveStart(arguments.value("--root")), options: options)
            } else {
                guard extraClasses == nil else {
                    throw CommandError.usage("\(FileIO.displayName(file)) is not a keyed archive; --allow applies only to archives.", spec)
                }
                graph = try document.value.graph(startingAt: PlistKeyPath(parsing: arguments.value("--root") ?? ""), options: options)
            }
        } catch let error as KeyedArchiveError where error.code == .valueNotFound {
            // Like `get`, a key path that names nothing is a failed lookup, not bad data.
            throw CommandError("\(FileIO.displayName(file)): \(StringEscaping.singleLine(error.description))", exitCode: .failure)
        } catch {
            throw Failure.wrap(error, file: file)
        }
        if let note = cutNote(graph, options: options) { Console.shared.err("note: \(FileIO.displayName(file)): \(note)\n") }
        let dot = PlistGraphDOTWriter().dot(of: graph, title: FileIO.displayName(file))
        let output = format == "dot" ? Data(dot.utf8) : try GraphvizRenderer.render(dot, format: format)
        try FileIO.write(output, to: arguments.value("--output") ?? "-")
        return .success
    }

    /// Where an archive's graph starts: `$top` by default, an `$objects` index given as a
    /// number (or `$objects[N]`), a key path otherwise.
    private static func archiveStart(_ text: String?) -> KeyedArchive.GraphStart {
        guard let text, !text.isEmpty else { return .top }
        if let index = Int(text) { return .object(index) }
        if text.hasPrefix("$objects["), text.hasSuffix("]"), let index = Int(text.dropFirst(9).dropLast()) {
            return .object(index)
        }
        return .keyPath(PlistKeyPath(parsing: text))
    }

    /// What the limits left out, as a sentence, or `nil` when nothing was.
    private static func cutNote(_ graph: PlistGraph, options: PlistGraphOptions) -> String? {
        guard !graph.omitted.isEmpty else { return nil }
        var parts: [String] = []
        if graph.omitted.overNodeLimit > 0 {
            parts.append("\(graph.omitted.overNodeLimit) over --max-nodes \(options.maximumNodes)")
        }
        if graph.omitted.pastEdgeLimit > 0 {
            parts.append("\(graph.omitted.pastEdgeLimit) past \(options.maximumEdgesPerNode) arrows out of one node")
        }
        if graph.omitted.beyondDepth > 0, let depth = options.maximumDepth {
            parts.append("\(graph.omitted.beyondDepth) beyond --depth \(depth)")
        }
        return "drew \(graph.nodes.count) of \(graph.reachableObjectCount) nodes; not drawn: \(parts.joined(separator: ", "))."
    }
}
