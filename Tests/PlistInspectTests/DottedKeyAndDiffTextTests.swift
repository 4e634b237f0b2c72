import Foundation
import Testing

/// What `diff` and the edit verbs say about `.strings` files, whose keys often hold dots and
/// whose strings often hold quotes.
@Suite struct DottedKeyAndDiffTextTests {
    static func strings(_ text: String, in directory: URL, name: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    @Test func diffEscapesTheQuotesOfStrings() throws {
        let directory = try CLIRunner.scratch()
        try Self.strings(#""general.on" = "开启";"# + "\n", in: directory, name: "old.strings")
        try Self.strings(#""general.on" = "开启 \"on\"";"# + "\n", in: directory, name: "new.strings")
        let result = try CLIRunner.run(["diff", "old.strings", "new.strings"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdoutText == #"~ general\.on: "开启" -> "开启 \"on\"""# + "\n")
    }

    @Test(arguments: [["get", "general.on"], ["set", "general.on", "--string", "关闭"], ["remove", "general.on"]])
    func keyPathThatSplitsADottedKeySuggestsTheEscapedOne(_ arguments: [String]) throws {
        let directory = try CLIRunner.scratch()
        try Self.strings(#""general.on" = "开启";"# + "\n", in: directory, name: "Localizable.strings")
        let result = try CLIRunner.run(arguments + ["Localizable.strings"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderrText.contains(#"(the key 'general.on' has the key path 'general\.on')"#), "\(result.stderrText)")
        let escaped = try CLIRunner.run([arguments[0], #"general\.on"#] + arguments.dropFirst(2) + ["Localizable.strings"], in: directory)
        #expect(escaped.status == 0, "\(escaped.stderrText)")
    }
}
