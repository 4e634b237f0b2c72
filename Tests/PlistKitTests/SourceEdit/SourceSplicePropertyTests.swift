import Foundation
import Testing
@testable import PlistKit

/// Random edits on random documents in each text format: the spliced file reads back as the
/// edited tree (as a full rewrite of it reads back), and it is the original with only the
/// edited entry and the gaps around it, or the gap where a new entry goes, replaced.
@Suite struct SourceSplicePropertyTests {
    /// How documents of one format are generated and decorated.
    struct Shape: Sendable, CustomStringConvertible {
        var format: PlistFormat
        var scalarKinds: [PlistValue.Kind]
        var compactJSON = false
        var endsLinesWithCRLF = false
        /// A `.strings` file: a flat dictionary of strings without braces.
        var stringsFile = false
        var description: String {
            "\(format)\(compactJSON ? " compact" : "")\(endsLinesWithCRLF ? " CRLF" : "")\(stringsFile ? " .strings" : "")"
        }

        /// What the generator makes for documents of this shape: values the format holds
        /// exactly, and a flat dictionary for a `.strings` file.
        var generatorConfiguration: RandomPlistGenerator.Configuration {
            var configuration = RandomPlistGenerator.Configuration()
            configuration.includesUIDs = false
            configuration.allowsFractionalDates = false
            configuration.allowsNonFiniteReals = false
            configuration.scalarKinds = scalarKinds
            if stringsFile { configuration.maximumDepth = 1 }
            return configuration
        }
    }

    static let shapes = [
        Shape(format: .xml, scalarKinds: [.string, .integer, .real, .boolean, .date, .data]),
        Shape(format: .openStep, scalarKinds: [.string, .data]),
        Shape(format: .json, scalarKinds: [.string, .integer, .boolean]),
        Shape(format: .json, scalarKinds: [.string, .integer, .boolean], compactJSON: true),
        Shape(format: .xml, scalarKinds: [.string, .integer, .data], endsLinesWithCRLF: true),
        Shape(format: .json, scalarKinds: [.string, .real], endsLinesWithCRLF: true),
        Shape(format: .openStep, scalarKinds: [.string], stringsFile: true),
    ]

    @Test(arguments: shapes)
    func randomEditsChangeOnlyTheirSpan(shape: Shape) throws {
        let configuration = shape.generatorConfiguration
        var spliced = 0
        for seed in UInt64(1)...300 {
            var generator = RandomPlistGenerator(seed: seed &* 7919 &+ UInt64(shape.description.utf8.count), configuration: configuration)
            let tree = generator.makeTree()
            if shape.stringsFile, tree.dictionary == nil { continue }
            let text = try document(tree, shape: shape)
            let original = try PlistDocument(decoding: text, format: shape.format).value
            guard let (edit, span) = try randomEdit(in: original, text: text, format: shape.format, generator: &generator) else { continue }
            var edited = original
            guard (try? edited.apply(edit)) != nil else { continue }
            let result = PlistSourceEditor.splice(edit, into: text, format: shape.format, original: original)
            guard case .success(let bytes) = result else {
                Issue.record("seed \(seed): \(edit) was not spliced: \(result)")
                continue
            }
            spliced += 1
            let rewritten = try PlistDocument(decoding: edited.encoded(as: shape.format), format: shape.format).value
            #expect(try PlistDocument(decoding: bytes, format: shape.format).value == rewritten, "seed \(seed): \(edit)")
            let (old, new) = ([UInt8](text), [UInt8](bytes))
            #expect(
                new.starts(with: old[..<span.lowerBound]) && new.reversed().starts(with: old[span.upperBound...].reversed())
                    && new.count >= span.lowerBound + old.count - span.upperBound,
                "seed \(seed): \(edit) changed bytes outside \(span)")
            if shape.endsLinesWithCRLF, shape.format == .json {
                let bareLineFeed = new.indices.contains { new[$0] == 0x0A && ($0 == 0 || new[$0 - 1] != 0x0D) }
                #expect(!bareLineFeed, "seed \(seed): \(edit) added a line that does not end in CR LF")
            }
        }
        #expect(spliced > (shape.stringsFile ? 100 : 200))
    }

    /// The generator's tree as the format's writer writes it, with a comment where the format
    /// has them, so that comments are seen to stay.
    private func document(_ tree: PlistValue, shape: Shape) throws -> Data {
        var options = PlistWritingOptions()
        options.prettyPrintsJSON = !shape.compactJSON
        options.writesStringsFile = shape.stringsFile
        var text = String(decoding: try tree.encoded(as: shape.format, options: options), as: UTF8.self)
        switch shape.format {
        case .xml: text = text.replacingOccurrences(of: "<plist version=\"1.0\">\n", with: "<plist version=\"1.0\">\n<!-- kept -->\n")
        case .openStep: text = "// kept\n" + text
        default: break
        }
        if shape.endsLinesWithCRLF { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return Data(text.utf8)
    }

    /// A random edit of some container in `tree`, and the span of the original bytes it may
    /// change: the edited entry and the gaps around it, an insertion's gap, or an empty
    /// container whole.
    private func randomEdit(
        in tree: PlistValue, text: Data, format: PlistFormat, generator: inout RandomPlistGenerator
    ) throws -> (PlistEdit, Range<Int>)? {
        let splice = try SourceSplice(text, format: format, options: PlistWritingOptions())
        var containers: [(PlistKeyPath, PlistValue, SourceNode)] = []
        func collect(_ value: PlistValue, _ node: SourceNode, _ path: PlistKeyPath) {
            switch value {
            case .dictionary(let dictionary):
                containers.append((path, value, node))
                for (index, key) in dictionary.keys.enumerated() {
                    collect(dictionary.values[index], node.entries[index].value, path.appending(key))
                }
            case .array(let elements):
                containers.append((path, value, node))
                for (index, element) in elements.enumerated() {
                    collect(element, node.entries[index].value, path.appending(index: index))
                }
            default:
                break
            }
        }
        collect(tree, splice.root, .root)
        guard let (path, container, node) = containers.randomElement(using: &generator.random) else { return nil }
        let newValue = generator.makeValue(depth: 2)
        let count = node.entries.count
        func gap(at index: Int) -> Range<Int> {
            guard let content = node.content else { return node.range }
            let low = index > 0 ? node.entries[index - 1].value.range.upperBound : content.lowerBound
            let high = index < count ? node.entries[index].start : content.upperBound
            return low..<high
        }
        func entrySpan(_ index: Int) -> Range<Int> {
            gap(at: index).lowerBound..<gap(at: index + 1).upperBound
        }
        if count == 0 {
            let key = generator.makeString()
            let edit: PlistEdit = container.dictionary != nil ? .set(newValue, at: path.appending(key)) : .append(newValue, to: path)
            return (edit, node.range)
        }
        let index = Int.random(in: 0..<count, using: &generator.random)
        if let dictionary = container.dictionary {
            let existing = path.appending(dictionary.keys[index])
            let fresh = path.appending(generator.makeString() + "~new")
            switch Int.random(in: 0..<5, using: &generator.random) {
            case 0: return (.set(newValue, at: existing), entrySpan(index))
            case 1: return (.replace(newValue, at: existing), entrySpan(index))
            case 2: return (.remove(at: existing), entrySpan(index))
            case 3: return (.set(newValue, at: fresh), gap(at: count))
            default: return (.insert(newValue, at: fresh), gap(at: count))
            }
        }
        let position = Int.random(in: 0...count, using: &generator.random)
        switch Int.random(in: 0..<5, using: &generator.random) {
        case 0: return (.set(newValue, at: path.appending(index: index)), entrySpan(index))
        case 1: return (.replace(newValue, at: path.appending(index: index)), entrySpan(index))
        case 2: return (.remove(at: path.appending(index: index)), entrySpan(index))
        case 3: return (.insert(newValue, at: path.appending(index: position)), gap(at: position))
        default: return (.append(newValue, to: path), gap(at: count))
        }
    }

}
