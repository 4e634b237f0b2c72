import Foundation
import Testing
import PlistKit

/// Random strings and keys of random documents replaced at once, as build-setting expansion
/// replaces them: the spliced file reads back as the replaced tree, keys in order, and in XML
/// and JSON replacing the new texts by the old ones gives the original bytes back.
@Suite struct SourceSpliceReplacementsPropertyTests {
    static let shapes = SourceSplicePropertyTests.shapes.filter { !$0.endsLinesWithCRLF }

    /// Every key path of `value` in document order, so that two values with equal paths and
    /// contents have their keys in the same order.
    private func keyPaths(_ value: PlistValue, _ path: PlistKeyPath = .root) -> [PlistKeyPath] {
        switch value {
        case .dictionary(let dictionary):
            return dictionary.flatMap { key, child in [path.appending(key)] + keyPaths(child, path.appending(key)) }
        case .array(let elements):
            return elements.enumerated().flatMap { keyPaths($1, path.appending(index: $0)) }
        default:
            return []
        }
    }

    @Test(arguments: shapes)
    func randomReplacementsChangeOnlyWhatTheyReplace(shape: SourceSplicePropertyTests.Shape) throws {
        let configuration = shape.generatorConfiguration
        var spliced = 0
        for seed in UInt64(1)...200 {
            var generator = RandomPlistGenerator(seed: seed &* 104_729 &+ UInt64(shape.description.utf8.count), configuration: configuration)
            let tree = generator.makeTree()
            if shape.stringsFile, tree.dictionary == nil { continue }
            var options = PlistWritingOptions()
            options.prettyPrintsJSON = !shape.compactJSON
            options.writesStringsFile = shape.stringsFile
            let text = try tree.encoded(as: shape.format, options: options)
            let original = try PlistDocument(decoding: text, format: shape.format).value

            // About a third of the strings and keys get a new text; the inverse puts the old
            // ones back, at the paths the new tree has.
            var replacements: [PlistTextReplacement] = []
            var inverse: [(isKey: Bool, old: String, path: PlistKeyPath)] = []
            var renamed: [PlistKeyPath: String] = [:]
            func newPath(_ path: PlistKeyPath) -> PlistKeyPath {
                var components: [String] = []
                for (depth, component) in path.components.enumerated() {
                    components.append(renamed[PlistKeyPath(components: Array(path.components[...depth]))] ?? component)
                }
                return PlistKeyPath(components: components)
            }
            var places: [(String, PlistKeyPath, Bool)] = []
            original.forEachKeyAndStringForTests { places.append(($0, $1, $2)) }
            for (old, path, isKey) in places where Int.random(in: 0..<3, using: &generator.random) == 0 {
                let new = generator.makeString() + "·\(replacements.count)"
                replacements.append(isKey ? .key(new, at: path) : .value(.string(new), at: path))
                if isKey { renamed[path] = new }
                inverse.append((isKey, old, path))
            }
            guard !replacements.isEmpty else { continue }
            let expected = try original.replacing(replacements)
            let undo: [PlistTextReplacement] = inverse.map { isKey, old, path in
                isKey ? .key(old, at: newPath(path)) : .value(.string(old), at: newPath(path))
            }

            let result = PlistSourceEditor.splice(replacements, into: text, format: shape.format, original: original)
            guard case .success(let bytes) = result else {
                Issue.record("seed \(seed): not spliced: \(result)")
                continue
            }
            spliced += 1
            let reread = try PlistDocument(decoding: bytes, format: shape.format).value
            #expect(reread == expected, "seed \(seed)")
            #expect(keyPaths(reread) == keyPaths(expected), "seed \(seed)")
            guard shape.format != .openStep else { continue }
            // The writer spelled every original string; spelling the old texts again gives
            // the original bytes wherever the replacements did not reach.
            let undone = PlistSourceEditor.splice(undo, into: bytes, format: shape.format, original: reread)
            #expect((try? undone.get()) == text, "seed \(seed)")
        }
        #expect(spliced > (shape.stringsFile ? 50 : 100))
    }
}

extension PlistValue {
    /// Every key and string with its path and whether it is a key, in document order.
    fileprivate func forEachKeyAndStringForTests(_ body: (String, PlistKeyPath, Bool) -> Void, at path: PlistKeyPath = .root) {
        switch self {
        case .string(let text):
            body(text, path, false)
        case .dictionary(let dictionary):
            for (key, child) in dictionary {
                body(key, path.appending(key), true)
                child.forEachKeyAndStringForTests(body, at: path.appending(key))
            }
        case .array(let elements):
            for (index, child) in elements.enumerated() { child.forEachKeyAndStringForTests(body, at: path.appending(index: index)) }
        default:
            break
        }
    }
}
