import Foundation
import Testing
import PlistKit

/// `expand` run as the built binary: settings files as Xcode reads them (real ones from
/// TestData/InfoPlist/xcconfig, includes, conditions chosen by --sdk, --arch and --config),
/// undefined settings expanded to nothing on request, and hostile input refused or expanded
/// in bounded work and memory (each run under ExpansionBombTests' hang guard and memory cap).
@Suite struct ExpandCommandTests {
    private func scratch() throws -> URL {
        let directory = try CLIRunner.scratch()
        let source = CLIRunner.packageRoot.appendingPathComponent("TestData/InfoPlist/xcconfig")
        try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("xcconfig"))
        return directory
    }

    private func write(_ text: String, to name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    @Test func iinasSettingsExpandAnInfoPlistAsXcodeWould() throws {
        let directory = try scratch()
        try write(
            "{\"CFBundleIdentifier\": \"$(PRODUCT_BUNDLE_IDENTIFIER)\", \"CFBundleShortVersionString\": \"$(MARKETING_VERSION)\", \"CFBundleVersion\": \"$(CURRENT_PROJECT_VERSION)\", \"CFBundleName\": \"${PRODUCT_NAME:lower}\", \"LSMinimumSystemVersion\": \"$(MACOSX_DEPLOYMENT_TARGET)\", \"Icon\": \"$(ASSETCATALOG_COMPILER_APPICON_NAME)\"}",
            to: "Info.json", in: directory)
        let result = try ExpansionBombTests.guardedRun(
            ["expand", "--settings", "xcconfig/iina/Release.xcconfig", "--settings", "xcconfig/iina/iina.xcconfig", "-D", "TARGET_NAME=iina",
             // Expansion alone: iina's settings also generate keys, which InfoPlistCommandTests checks.
             "-D", "GENERATE_INFOPLIST_FILE=NO", "-o", "-", "Info.json"],
            in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText
            == "{\"CFBundleIdentifier\": \"com.colliderli.iina\", \"CFBundleShortVersionString\": \"1.3.3\", \"CFBundleVersion\": \"138\", \"CFBundleName\": \"iina\", \"LSMinimumSystemVersion\": \"10.13\", \"Icon\": \"iina\"}")
    }

    @Test(arguments: [
        ([], "-ObjC|localhost"),
        (["--arch", "x86_64", "--config", "Debug"], "-ObjC -lcompat|localhost"),
        (["--sdk", "iphoneos17.2", "--arch", "arm64", "--config", "Release"], "-ObjC -ldevice|api.example.org"),
    ] as [([String], String)])
    func conditionsAreChosenBySDKArchitectureAndConfiguration(options: [String], expected: String) throws {
        let directory = try scratch()
        try write("{\"k\": \"$(OTHER_LDFLAGS)|$(SERVER:default=localhost)\"}", to: "x.json", in: directory)
        let result = try CLIRunner.run(["expand", "--settings", "xcconfig/conditional.xcconfig"] + options + ["-o", "-", "x.json"], in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "{\"k\": \"\(expected)\"}")
    }

    @Test func undefinedSettingsExpandToNothingOnRequest() throws {
        let directory = try CLIRunner.scratch()
        try write("{\"k\": \"[$(MISSING)][$BARE][$(MISSING:default=d)]\"}", to: "x.json", in: directory)
        let empty = try CLIRunner.run(["expand", "--undefined-empty", "-o", "-", "x.json"], in: directory)
        #expect(empty.status == 0, "\(empty.stderrText)")
        #expect(empty.stdoutText == "{\"k\": \"[][$BARE][d]\"}")
        let refused = try CLIRunner.run(["expand", "-o", "-", "x.json"], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stderrText == "Error: x.json: The build setting 'MISSING' is not defined (at key path 'k').\n")
        let both = try CLIRunner.run(["expand", "--undefined-empty", "--keep-undefined", "x.json"], in: directory)
        #expect(both.status == 64)
    }

    @Test func anIncludeCycleIsRefusedNamingTheFiles() throws {
        let directory = try scratch()
        try write("{\"k\": \"$(A)\"}", to: "x.json", in: directory)
        let result = try CLIRunner.run(["expand", "--settings", "xcconfig/includes/a.xcconfig", "x.json"], in: directory)
        #expect(result.status == 65)
        #expect(result.stderrText.hasPrefix(
            "Error: xcconfig/includes/a.xcconfig: '#include \"../includes/a.xcconfig\"' includes a file that is already being read, a cycle: 'xcconfig/includes/a.xcconfig' → 'xcconfig/includes/b.xcconfig' → 'xcconfig/includes/a.xcconfig'"))
    }

    // MARK: - Hostile input (issue 43)

    /// A binary plist of `levels` arrays, each holding the next twice, ending in the string
    /// `leaf`: 2^levels references to it.
    private static func bomb(levels: Int, leaf: String) -> Data {
        let objects = (0..<levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x50 | UInt8(leaf.utf8.count)] + Array(leaf.utf8)]
        return ExpansionBombTests.file(objects, top: 0)
    }

    /// The shared-reference bomb of 2⁶⁰ values is refused at once, as `convert` refuses it.
    @Test func aSharedReferenceBombIsRefusedByTheWritingLimits() throws {
        let directory = try CLIRunner.scratch()
        try Self.bomb(levels: 60, leaf: "b").write(to: directory.appendingPathComponent("bomb.bplist"))
        let result = try ExpansionBombTests.guardedRun(["expand", "-D", "X=1", "bomb.bplist"], in: directory)
        ExpansionBombTests.check(result, .refused(status: 65), "expand of the 2^60 bomb")
    }

    /// A bomb whose leaf is a reference: past the limits it is refused; within them each
    /// shared object is expanded once, and the file stays small and binary.
    @Test func aBombWhoseLeafIsAReferenceIsExpandedOnceOrRefused() throws {
        let directory = try CLIRunner.scratch()
        try Self.bomb(levels: 40, leaf: "$(X)").write(to: directory.appendingPathComponent("big.bplist"))
        let refused = try ExpansionBombTests.guardedRun(["expand", "-D", "X=hello", "big.bplist"], in: directory)
        ExpansionBombTests.check(refused, .refused(status: 65), "expand of the 2^40 bomb with a reference leaf")
        try Self.bomb(levels: 12, leaf: "$(X)").write(to: directory.appendingPathComponent("small.bplist"))
        let expanded = try ExpansionBombTests.guardedRun(["expand", "-D", "X=hello", "-o", "-", "small.bplist"], in: directory)
        #expect(expanded.status == 0, "\(expanded.stderrText)")
        var value = try PlistDocument(decoding: expanded.stdout).value
        for _ in 0..<12 {
            guard case .array(let pair) = value, pair.count == 2, pair[0] == pair[1] else { Issue.record("not the bomb's shape"); return }
            value = pair[0]
        }
        #expect(value == "hello")
    }

    /// A settings file of 1 GiB (sparse: one line of zero bytes) is refused before it is read,
    /// naming the file; a line past the line limit is refused naming its line.
    @Test func hugeSettingsFilesAndLinesAreRefusedNamingThem() throws {
        let directory = try CLIRunner.scratch()
        try write("{\"k\": \"$(A)\"}", to: "x.json", in: directory)
        let huge = directory.appendingPathComponent("huge.xcconfig")
        FileManager.default.createFile(atPath: huge.path, contents: Data("A = 1\n".utf8))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let refused = try ExpansionBombTests.guardedRun(["expand", "--settings", "huge.xcconfig", "x.json"], in: directory)
        #expect(refused.status == 65)
        #expect(refused.stderrText == "Error: huge.xcconfig: Could not read 'huge.xcconfig': It is 1073741824 bytes, more than the input limit of 16777216 bytes (BuildSettings.FileLimits.maximumFileBytes).\n")
        try write("A = 1\nB = " + String(repeating: "x", count: 2 << 20) + "\n", to: "long.xcconfig", in: directory)
        let long = try ExpansionBombTests.guardedRun(["expand", "--settings", "long.xcconfig", "x.json"], in: directory)
        #expect(long.status == 65)
        #expect(long.stderrText
            == "Error: long.xcconfig: The line is 2097156 bytes long, more than the limit of 1048576 (BuildSettings.FileLimits.maximumLineBytes) at line 2, column 1.\n")
    }

    /// 200,000 references on one line, as `convert -f json` lays an array out: the expansion
    /// and the splice are linear in them (a quadratic splice took minutes at 40,000).
    @Test func manyReferencesOnOneLineExpandInLinearWork() throws {
        let directory = try CLIRunner.scratch()
        let count = 200_000
        try write("[" + Array(repeating: "\"$(X)\"", count: count).joined(separator: ",") + "]", to: "many.json", in: directory)
        let result = try ExpansionBombTests.guardedRun(["expand", "-D", "X=hi", "-o", "-", "many.json"], in: directory)
        #expect(result.status == 0, "\(result.stderrText.prefix(300))")
        #expect(result.stdoutText == "[" + Array(repeating: "\"hi\"", count: count).joined(separator: ",") + "]")
    }

    /// Settings that double at each level stop at the length limit; a long chain at the depth
    /// limit; a cycle is refused naming it.
    @Test func settingsThatGrowOrLoopAreRefused() throws {
        let directory = try CLIRunner.scratch()
        try write("{\"k\": \"$(L0)\"}", to: "x.json", in: directory)
        var doubling = (0..<30).map { "L\($0) = $(L\($0 + 1))$(L\($0 + 1))" }
        doubling.append("L30 = ab")
        try write(doubling.joined(separator: "\n"), to: "doubling.xcconfig", in: directory)
        let grown = try ExpansionBombTests.guardedRun(["expand", "--settings", "doubling.xcconfig", "x.json"], in: directory)
        #expect(grown.status == 65)
        #expect(grown.stderrText == "Error: x.json: An expansion gives a string of more than 1048576 bytes at key path 'k'.\n")
        var chain = (0..<5000).map { "L\($0) = $(L\($0 + 1))" }
        chain.append("L5000 = end")
        try write(chain.joined(separator: "\n"), to: "chain.xcconfig", in: directory)
        let deep = try ExpansionBombTests.guardedRun(["expand", "--settings", "chain.xcconfig", "x.json"], in: directory)
        #expect(deep.status == 65)
        #expect(deep.stderrText.hasPrefix("Error: x.json: Build settings refer to others more than 32 levels deep (L0 → L1 → L2 → …)"))
        try write("L0 = a$(L1)\nL1 = b$(L2)\nL2 = $(L0)", to: "cycle.xcconfig", in: directory)
        let cycle = try ExpansionBombTests.guardedRun(["expand", "--settings", "cycle.xcconfig", "x.json"], in: directory)
        #expect(cycle.status == 65)
        #expect(cycle.stderrText == "Error: x.json: The build setting 'L0' refers to itself with nothing lower to inherit: L0 → L1 → L2 → L0 at key path 'k'.\n")
    }
}
