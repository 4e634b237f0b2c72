import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Graphviz's `dot` for the tests that draw DOT text (Debian's `graphviz` package, which
/// `.ci/run` installs), and Foundation's XML parser for what it draws.
enum Graphviz {
    /// `dot` on `PATH`, or `nil`.
    static let dot: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("dot") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Why the tests that need `dot` are skipped when it is missing.
    static let missing = "Graphviz's dot is not installed (apt-get install graphviz)"

    /// What `dot -Tsvg` makes of `text`, or its error output as the thrown error.
    static func svg(_ text: String) throws -> Data {
        guard let dot else { throw Failure(message: missing) }
        let process = Process()
        process.executableURL = dot
        process.arguments = ["-Tsvg"]
        let input = try temporaryFile(Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        process.standardInput = try FileHandle(forReadingFrom: input)
        // Errors go to a file, so that neither stream can fill while the other is read.
        let errors = try temporaryFile(Data())
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardError = try FileHandle(forWritingTo: errors)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let messages = (try? Data(contentsOf: errors)) ?? Data()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "dot exited \(process.terminationStatus): \(String(decoding: messages, as: UTF8.self))")
        }
        return svg
    }

    /// The texts of an SVG's `<text>` elements, each with the XML entities resolved, or the
    /// parser's error when the SVG is not well-formed XML.
    static func texts(ofSVG svg: Data) throws -> [String] {
        let parser = XMLParser(data: svg)
        let collector = TextCollector()
        parser.delegate = collector
        guard parser.parse() else {
            throw Failure(message: "The SVG does not parse: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        return collector.texts
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func temporaryFile(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).dot")
        try data.write(to: url)
        return url
    }

    private final class TextCollector: NSObject, XMLParserDelegate {
        var texts: [String] = []
        private var current: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "text" { current = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            current? += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let text = current {
                texts.append(text)
                current = nil
            }
        }
    }
}
