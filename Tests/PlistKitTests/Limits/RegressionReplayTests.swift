import Foundation
import Testing
import PlistKit

/// One file under `TestData/Regressions/<folder>/`.
struct RegressionFile: CustomStringConvertible, Sendable {
    let folder: String
    let name: String

    var description: String { "\(folder)/\(name)" }

    var url: URL { RegressionFile.root.appendingPathComponent(folder).appendingPathComponent(name) }

    static let root = Fixtures.testData.appendingPathComponent("Regressions")

    /// The plist folders and the format their files are read as (`nil`: detected).
    static let plistFolders: [String: PlistFormat?] = [
        "binary": .binary, "xml": .xml, "openstep": .openStep, "json": .json, "detect": nil,
    ]

    /// Every regression file of the given folders, sorted.
    static func files(in folders: [String]) -> [RegressionFile] {
        folders.sorted().flatMap { folder -> [RegressionFile] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0 != "README.md" && !$0.hasPrefix(".") }.sorted().map { RegressionFile(folder: folder, name: $0) }
        }
    }
}

/// Replays every input the fuzzers ever found: reading it must give a value or a typed error,
/// never a crash, and a value read must write back in its format.
@Suite struct RegressionReplayTests {
    @Test(arguments: RegressionFile.files(in: Array(RegressionFile.plistFolders.keys)))
    func readingRegressionGivesValueOrTypedError(file: RegressionFile) throws {
        let data = try Data(contentsOf: file.url)
        let format = RegressionFile.plistFolders[file.folder] ?? nil
        let document: PlistDocument
        do {
            document = try PlistDocument(decoding: data, format: format, options: .untrusted)
        } catch {
            let plistError = try #require(error as? PlistError, "\(type(of: error)): \(error)")
            #expect(plistError.description.hasSuffix("."))
            return
        }
        do {
            let written = try document.value.encoded(
                as: document.format, options: PlistWritingOptions(writesGNUstepTypedValues: true))
            _ = try PlistValue(decoding: written, format: document.format, options: .untrusted)
        } catch {
            let plistError = try #require(error as? PlistError, "\(type(of: error)): \(error)")
            #expect(plistError.code == .unrepresentableValue, "\(plistError)")
        }
    }

    /// Every regression file is described in its folder's README (what found it, what broke).
    @Test func everyRegressionFileIsDescribed() throws {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: RegressionFile.root.path)) ?? []
        #expect(FileManager.default.fileExists(atPath: RegressionFile.root.appendingPathComponent("README.md").path))
        for file in RegressionFile.files(in: folders.filter { !$0.hasSuffix(".md") }) {
            let readme = RegressionFile.root.appendingPathComponent(file.folder).appendingPathComponent("README.md")
            let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
            #expect(text.contains("`\(file.name)`"), "\(file) is not listed in \(file.folder)/README.md")
        }
    }
}
