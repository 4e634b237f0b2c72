import Foundation
import Testing
import PlistKit

/// Edits of Xcode-written `project.pbxproj` files give the text Xcode would write: a new build
/// setting at its sorted place, a new object in its `isa`'s section in id order (a new
/// section between the others), `PBXBuildFile` and `PBXFileReference` objects on one line,
/// and `/* name */` annotations that follow references. Each result is compared byte for byte
/// with a file derived by hand from the Xcode-written one (TestData/OpenStep/pbxproj/README.md),
/// and read back by PlistKit and, where Python has it, by the independent `openstep_parser`.
@Suite struct XcodeProjectEditTests {
    /// `edits` spliced one after the other into the file, each one checked to read back as
    /// the edited tree; a recorded issue where one is not spliced.
    static func spliced(_ edits: [PlistEdit], into bytes: Data) throws -> Data {
        var bytes = bytes
        for edit in edits {
            let original = try PlistDocument(decoding: bytes, format: .openStep).value
            switch PlistSourceEditor.splice(edit, into: bytes, format: .openStep, original: original) {
            case .success(let result):
                var expected = original
                try expected.apply(edit)
                #expect(try PlistDocument(decoding: result, format: .openStep).value == expected, "\(edit)")
                bytes = result
            case .failure(let unavailable):
                Issue.record("not spliced: \(edit): \(unavailable)")
            }
        }
        return bytes
    }

    static func fixture(_ name: String) throws -> Data {
        try Fixtures.data("OpenStep/pbxproj/\(name)")
    }

    /// The lines of two texts that differ, for a readable failure.
    static func difference(_ result: Data, _ expected: Data) -> String {
        let (mine, theirs) = (String(decoding: result, as: UTF8.self).components(separatedBy: "\n"),
            String(decoding: expected, as: UTF8.self).components(separatedBy: "\n"))
        let first = zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(mine.count, theirs.count)
        return "first difference at line \(first + 1):\n"
            + mine[first..<min(first + 6, mine.count)].joined(separator: "\n") + "\n--- expected ---\n"
            + theirs[first..<min(first + 6, theirs.count)].joined(separator: "\n")
    }

    static func object(_ fields: KeyValuePairs<String, PlistValue>) -> PlistValue {
        .dictionary(PlistDictionary(fields.map { ($0.key, $0.value) }))
    }

    static let buildSettingEdits: [PlistEdit] = {
        let settings = PlistKeyPath(components: ["objects", "6CAD681D2A56E30800662D8A", "buildSettings"])
        return [
            .set("ABCDE12345", at: settings.appending("DEVELOPMENT_TEAM")),
            .set(["-ObjC", "$(inherited)"], at: settings.appending("OTHER_LDFLAGS")),
            .insert("-", at: settings.appending("CODE_SIGN_IDENTITY[sdk=macosx*]")),
        ]
    }()

    static let objectEdits: [PlistEdit] = {
        let objects = PlistKeyPath(components: ["objects"])
        return [
            .set(object(["isa": "PBXFileReference", "path": "Helper.swift", "sourceTree": "<group>", "lastKnownFileType": "sourcecode.swift"]),
                at: objects.appending("6C103C142A49CC7300D7EFE4")),
            .append("6C103C142A49CC7300D7EFE4", to: objects.appending("6C103C062A49CC5400D7EFE4").appending("children")),
            // Listed in its phase before it is defined: the listing takes the annotation then.
            .append("6C103C152A49CC7300D7EFE4", to: objects.appending("6C103BFE2A49CC5400D7EFE4").appending("files")),
            .set(object(["fileRef": "6C103C142A49CC7300D7EFE4", "isa": "PBXBuildFile"]), at: objects.appending("6C103C152A49CC7300D7EFE4")),
            .insert(object(["isa": "PBXFileReference", "lastKnownFileType": "text.plist.xml", "path": "Info.plist", "sourceTree": "<group>"]),
                at: objects.appending("6C103C052A49CC5400D7EFEE")),
            .set(object([
                "isa": "PBXCopyFilesBuildPhase", "buildActionMask": "2147483647", "dstPath": "", "dstSubfolderSpec": "10", "files": [],
                "name": "Embed Frameworks", "runOnlyForDeploymentPostprocessing": "0",
            ]), at: objects.appending("6C103C172A49CC7300D7EFE4")),
            .replace("6C103C122A49CC7300D7EFE4", at: objects.appending("6C103C082A49CC5400D7EFE4").appending("fileRef")),
            .set("6C103C062A49CC5400D7EFE4", at: objects.appending("6C103BF12A49CC5300D7EFE4").appending("productRefGroup")),
        ]
    }()

    static let packageEdits: [PlistEdit] = {
        let objects = PlistKeyPath(components: ["objects"])
        return [
            .set(object([
                "isa": "XCRemoteSwiftPackageReference", "repositoryURL": "https://github.com/apple/swift-argument-parser",
                "requirement": object(["kind": "upToNextMajorVersion", "minimumVersion": "1.3.0"]),
            ]), at: objects.appending("A4C530902CAAC8EC00EDC73B")),
            .set(object(["isa": "XCSwiftPackageProductDependency", "package": "A4C530902CAAC8EC00EDC73B", "productName": "ArgumentParser"]),
                at: objects.appending("A4C530912CAAC8EC00EDC73B")),
            .set(object(["isa": "PBXBuildFile", "productRef": "A4C530912CAAC8EC00EDC73B"]), at: objects.appending("A4C530922CAAC8EC00EDC73B")),
            // Defined before its phase lists it: its own line takes the annotation then.
            .append("A4C530922CAAC8EC00EDC73B", to: objects.appending("A4C5307B2CAAC8EA00EDC73B").appending("files")),
            .append("A4C530912CAAC8EC00EDC73B", to: objects.appending("A4C5307D2CAAC8EA00EDC73B").appending("packageProductDependencies")),
            .set(["A4C530902CAAC8EC00EDC73B"], at: objects.appending("A4C530762CAAC8EA00EDC73B").appending("packageReferences")),
        ]
    }()

    /// (fixture, edits, expected file).
    static let scenarios: [(String, [PlistEdit], String)] = [
        ("CustomBuildRules.pbxproj", buildSettingEdits, "expected/CustomBuildRules-settings.pbxproj"),
        ("FileSharedAcrossTargets.pbxproj", objectEdits, "expected/FileSharedAcrossTargets-objects.pbxproj"),
        ("Xcode16.pbxproj", packageEdits, "expected/Xcode16-package.pbxproj"),
    ]

    @Test(arguments: 0..<scenarios.count)
    func editedFileIsLaidOutAsXcodeLaysItOut(_ index: Int) throws {
        let (name, edits, expectedName) = Self.scenarios[index]
        let result = try Self.spliced(edits, into: try Self.fixture(name))
        let expected = try Self.fixture(expectedName)
        #expect(result == expected, "\(name): \(Self.difference(result, expected))")
    }

    @Test func newKeyOfAnObjectTakesItsSortedPlaceOnItsLine() throws {
        let edit = PlistEdit.set("Helper.swift", at: PlistKeyPath(components: ["objects", "6C103C122A49CC7300D7EFE4", "name"]))
        let result = String(decoding: try Self.spliced([edit], into: try Self.fixture("FileSharedAcrossTargets.pbxproj")), as: UTF8.self)
        #expect(result.contains(
            "6C103C122A49CC7300D7EFE4 /* Helper.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.h; name = Helper.swift; path = SharedHeader.h; sourceTree = \"<group>\"; };"))
        // The annotations of what refers to it follow its new name, in its build file's too.
        #expect(result.contains("6C103C132A49CC7300D7EFE4 /* Helper.swift in Headers */ = {isa = PBXBuildFile; fileRef = 6C103C122A49CC7300D7EFE4 /* Helper.swift */; };"))
        #expect(!result.contains("SharedHeader.h */"))
    }

    @Test func remoteGlobalIDStringStaysBare() throws {
        let proxy = PlistKeyPath(components: ["objects", "6C103C042A49CC5400D7EFE4", "remoteGlobalIDString"])
        let result = String(decoding: try Self.spliced([.set("6C103C012A49CC5400D7EFE4", at: proxy)], into: try Self.fixture("FileSharedAcrossTargets.pbxproj")),
            as: UTF8.self)
        #expect(result.contains("\t\t\tremoteGlobalIDString = 6C103C012A49CC5400D7EFE4;\n"))
    }

    @Test(arguments: [
        ("com.example.App", "com.example.App"), ("$(inherited)", "\"$(inherited)\""), ("-Onone", "\"-Onone\""), ("", "\"\""),
        ("Test/Test.entitlements", "Test/Test.entitlements"), ("a//b", "\"a//b\""), ("___VAR___", "\"___VAR___\""),
        ("com.example.my-app", "\"com.example.my-app\""), ("Tab\there \"q\"", "\"Tab\\there \\\"q\\\"\""), ("Zoë", "\"Zoë\""),
    ])
    func stringIsQuotedAsXcodeQuotesIt(_ string: String, _ text: String) throws {
        let path = PlistKeyPath(components: ["objects", "6CAD681D2A56E30800662D8A", "buildSettings", "PRODUCT_NAME"])
        let result = String(decoding: try Self.spliced([.replace(.string(string), at: path)], into: try Self.fixture("CustomBuildRules.pbxproj")),
            as: UTF8.self)
        #expect(result.contains("\t\t\t\tPRODUCT_NAME = \(text);\n"))
    }

    @Test func fileWithoutXcodesHeaderKeepsTheWritersLayout() throws {
        // Without the header the file is plain OpenStep: a new key goes last, as before.
        let bytes = Data("{\n\tb = 1;\n\tc = 2;\n}\n".utf8)
        let result = try Self.spliced([.set("0", at: "a")], into: bytes)
        #expect(String(decoding: result, as: UTF8.self) == "{\n\tb = 1;\n\tc = 2;\n\ta = 0;\n}\n")
    }

    // MARK: - An independent reader

    /// Whether `python3` has the `openstep_parser` package.
    static let hasIndependentReader: Bool = {
        (try? runPython(["-c", "import openstep_parser"]).status) == 0
    }()

    static func runPython(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(.enabled(if: hasIndependentReader, "python3 has no openstep_parser (pip install openstep-parser)"), arguments: 0..<scenarios.count)
    func independentReaderReadsTheEditedFileAsPlistKitDoes(_ index: Int) throws {
        let (name, edits, _) = Self.scenarios[index]
        let result = try Self.spliced(edits, into: try Self.fixture(name))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-xcode-\(UUID().uuidString).pbxproj")
        try result.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = Fixtures.testData.appendingPathComponent("OpenStep/pbxproj/read_with_openstep_parser.py").path
        let (status, output) = try Self.runPython([script, file.path])
        #expect(status == 0)
        let theirs = try JSONSerialization.jsonObject(with: output) as? NSDictionary
        let ours = try JSONSerialization.jsonObject(with: try PlistValue(decoding: result, format: .openStep).encoded(as: .json)) as? NSDictionary
        #expect(theirs != nil)
        #expect(theirs == ours)
    }
}
