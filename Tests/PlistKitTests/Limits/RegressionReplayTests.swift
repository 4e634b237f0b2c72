import Foundation
import Testing
import PlistKit

/// One file under `TestData/Regressions/<folder>/`.
struct RegressionFile: CustomStringConvertible, Codable, Sendable {
    let folder: String
    let name: String

    var description: String { "\(folder)/\(name)" }

    var url: URL { RegressionFile.root.appendingPathComponent(folder).appendingPathComponent(name) }

    static let root = Fixtures.testData.appendingPathComponent("Regressions")

    /// The plist folders and the format their files are read as (`nil`: detected).
    static let plistFolders: [String: PlistFormat?] = [
        "binary": .binary, "xml": .xml, "openstep": .openStep, "json": .json, "detect": nil,
    ]

    /// The folder README's line for this file.
    var readmeEntry: String {
        let readme = RegressionFile.root.appendingPathComponent(folder).appendingPathComponent("README.md")
        let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
        // An entry is a list item starting with the file name, continued on indented lines.
        var entry = ""
        var inEntry = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("- ") { inEntry = line.contains("`\(name)`") }
            else if !line.hasPrefix(" ") { inEntry = false }
            if inEntry { entry += line + "\n" }
        }
        return entry
    }

    /// Whether the README marks the file as a crash not fixed yet.
    var isOpen: Bool { readmeEntry.contains("status: open") }

    /// Every regression file of the given folders, sorted.
    static func files(in folders: [String]) -> [RegressionFile] {
        folders.sorted().flatMap { folder -> [RegressionFile] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0 != "README.md" && !$0.hasPrefix(".") }.sorted().map { RegressionFile(folder: folder, name: $0) }
        }
    }
}

/// Replays every input the fuzzers ever found: reading it must give a value or a typed error,
/// never a crash, and a value read must write back in its format. Each file runs in an
/// isolated child (``IsolatedRun``), so a crash that is still open fails (or, when the README
/// marks it open, is recorded as a known issue) without taking the test process down.
@Suite struct RegressionReplayTests {
    /// Exit statuses of the replay child.
    enum Status: Int32 {
        case ok = 0, wrongErrorType = 20, writeFailed = 21, unreadableOutput = 22
    }

    @Test(arguments: RegressionFile.files(in: Array(RegressionFile.plistFolders.keys)))
    func readingRegressionGivesValueOrTypedError(file: RegressionFile) async throws {
        await Self.expectReplayEnds(file) {
            await #expect(processExitsWith: .exitCode(Status.ok.rawValue), "Replaying \(file) (\(Self.statusMeanings))") { [file = file as RegressionFile] in
                let data = try Data(contentsOf: file.url)
                IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                    Self.replay(data, format: RegressionFile.plistFolders[file.folder] ?? nil).rawValue
                }
            }
        }
    }

    @Test(arguments: RegressionFile.files(in: ["keyedarchive", "graph"]))
    func decodingArchiveRegressionGivesTreeOrTypedError(file: RegressionFile) async throws {
        await Self.expectReplayEnds(file) {
            await #expect(processExitsWith: .exitCode(Status.ok.rawValue), "Replaying \(file) (\(Self.statusMeanings))") { [file = file as RegressionFile] in
                let data = try Data(contentsOf: file.url)
                IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                    do {
                        let tree = try KeyedArchive(decoding: data, options: .untrusted).genericTree()
                        _ = try tree.encoded(as: .binary)
                        return Status.ok.rawValue
                    } catch {
                        return error is KeyedArchiveError ? Status.ok.rawValue : Status.wrongErrorType.rawValue
                    }
                }
            }
        }
    }

    /// Runs `replay`, whose expectation a file the README marks as an open crash is known to
    /// fail.
    static func expectReplayEnds(_ file: RegressionFile, _ replay: () async -> Void) async {
        if file.isOpen {
            await withKnownIssue("\(file) is an open crash (see its README)") { await replay() }
        } else {
            await replay()
        }
    }

    static let statusMeanings = """
        \(Status.wrongErrorType.rawValue): an error of another type, \(Status.writeFailed.rawValue): writing back failed, \
        \(Status.unreadableOutput.rawValue): what was written does not read, signal \(IsolatedRun.cpuLimitSignal): out of processor time
        """

    /// The `decoder` harness's property, on the fields its findings involved: PlistDecoder
    /// gives a value or a `DecodingError`, and a value decoded writes back with PlistEncoder
    /// and decodes equal.
    struct IntegerModel: Codable, Equatable {
        var count: Int?
        var small: Int8?
        var big: UInt64?
        var huge: UInt128?
        var ratio: Double?
    }

    @Test(arguments: RegressionFile.files(in: ["codable"]))
    func decodingCodableRegressionRoundTrips(file: RegressionFile) async throws {
        await #expect(processExitsWith: .exitCode(Status.ok.rawValue), "Replaying \(file) (\(Self.statusMeanings))") { [file = file as RegressionFile] in
            let data = try Data(contentsOf: file.url)
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                let model: IntegerModel
                do {
                    model = try PlistDecoder().decode(IntegerModel.self, from: data)
                } catch {
                    return error is DecodingError ? Status.ok.rawValue : Status.wrongErrorType.rawValue
                }
                guard let written = try? PlistEncoder(outputFormat: .binary).encode(model) else { return Status.writeFailed.rawValue }
                guard let again = try? PlistDecoder().decode(IntegerModel.self, from: written), again == model else {
                    return Status.unreadableOutput.rawValue
                }
                return Status.ok.rawValue
            }
        }
    }

    /// The `infoplist` harness's entry points on a settings file and, after the first NUL, a
    /// property list: each gives a result or a typed error, within the child's time and memory.
    @Test(arguments: RegressionFile.files(in: ["infoplist"]))
    func expandingInfoPlistRegressionGivesResultOrTypedError(file: RegressionFile) async throws {
        await Self.expectReplayEnds(file) {
            await #expect(processExitsWith: .exitCode(Status.ok.rawValue), "Replaying \(file) (\(Self.statusMeanings))") { [file = file as RegressionFile] in
                let data = try Data(contentsOf: file.url)
                IsolatedRun.run(seconds: LimitExpectations.hangSeconds) { Self.replayInfoPlist(data).rawValue }
            }
        }
    }

    /// Parses, expands (every setting and the property list, each way of handling undefined
    /// settings), processes, checks and summarizes; runs in the child.
    static func replayInfoPlist(_ data: Data) -> Status {
        let split = data.firstIndex(of: 0)
        let settings = (try? BuildSettings(parsing: String(decoding: data[..<(split ?? data.endIndex)], as: UTF8.self))) ?? BuildSettings()
        var source: PlistValue?
        if let split {
            do {
                source = try PlistValue(decoding: Data(data[(split + 1)...]), options: .untrusted)
            } catch {
                guard error is PlistError else { return .wrongErrorType }
            }
        }
        for handling in [BuildSettingExpander.UndefinedSettingHandling.fail, .keep, .expandToNothing] {
            let expander = BuildSettingExpander(settings: settings, undefinedSettings: handling)
            for name in settings.assignments.keys { _ = try? expander.expand("$(\(name))") }
            if let source { _ = try? expander.expand(source) }
        }
        do {
            let processed = try InfoPlistProcessor(settings: settings, generatesKeys: true).process(source)
            _ = try InfoPlistChecker().check(processed.value)
            _ = try InfoPlistSummary(processed.value)
        } catch {
            return error is InfoPlistError || error is PlistError ? .ok : .wrongErrorType
        }
        return .ok
    }

    /// Reads, and writes back what was read; runs in the child.
    static func replay(_ data: Data, format: PlistFormat?) -> Status {
        let document: PlistDocument
        do {
            document = try PlistDocument(decoding: data, format: format, options: .untrusted)
        } catch {
            return error is PlistError ? .ok : .wrongErrorType
        }
        let written: Data
        do {
            written = try document.value.encoded(
                as: document.format, options: PlistWritingOptions(writesGNUstepTypedValues: true))
        } catch let error as PlistError where error.code == .unrepresentableValue {
            return .ok
        } catch {
            return .writeFailed
        }
        return (try? PlistValue(decoding: written, format: document.format, options: .untrusted)) == nil
            ? .unreadableOutput : .ok
    }

    /// Every regression file is described in its folder's README (what found it, what broke).
    @Test func everyRegressionFileIsDescribed() throws {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: RegressionFile.root.path)) ?? []
        #expect(FileManager.default.fileExists(atPath: RegressionFile.root.appendingPathComponent("README.md").path))
        for file in RegressionFile.files(in: folders.filter { !$0.hasSuffix(".md") }) {
            #expect(!file.readmeEntry.isEmpty, "\(file) is not listed in \(file.folder)/README.md")
        }
    }
}
