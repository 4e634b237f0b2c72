import Foundation
import PlistKit
import Testing

/// A domain's getters, setters, search order, persistence and error handling.
@Suite struct PreferencesDomainTests {
    func store() throws -> PreferencesStore {
        PreferencesStore(directory: try PreferencesScratch.directory().path)
    }

    func fileValue(_ path: String) throws -> PlistValue {
        try PlistValue(decoding: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func absentKeysGiveUserDefaultsZeroValues() throws {
        let domain = try store().domain(named: "com.example.app")
        #expect(try domain.integer(forKey: "missing") == 0)
        #expect(try domain.double(forKey: "missing") == 0)
        #expect(try domain.bool(forKey: "missing") == false)
        #expect(try domain.string(forKey: "missing") == nil)
        #expect(try domain.value(forKey: "missing") == nil)
        #expect(try domain.exists == false)
        #expect(try domain.storedValues().isEmpty)
    }

    @Test func typedSettersStoreEveryPlistType() throws {
        let domain = try store().domain(named: "com.example.app")
        let date = Date(timeIntervalSinceReferenceDate: 1000)
        try domain.set(42, forKey: "int")
        try domain.set(1.5, forKey: "real")
        try domain.set(true, forKey: "flag")
        try domain.set("text", forKey: "string")
        try domain.set(Data([1, 2]), forKey: "data")
        try domain.set(date, forKey: "date")
        try domain.set(["a", 1] as PlistValue, forKey: "array")
        try domain.set(["k": "v"] as PlistValue, forKey: "dictionary")
        #expect(try domain.integer(forKey: "int") == 42)
        #expect(try domain.double(forKey: "real") == 1.5)
        #expect(try domain.bool(forKey: "flag"))
        #expect(try domain.string(forKey: "string") == "text")
        #expect(try domain.data(forKey: "data") == Data([1, 2]))
        #expect(try domain.date(forKey: "date") == date)
        #expect(try domain.array(forKey: "array") == ["a", 1])
        #expect(try domain.dictionary(forKey: "dictionary") == ["k": "v"])
        #expect(try domain.removeValue(forKey: "int") == 42)
        #expect(try domain.removeValue(forKey: "int") == nil)
        #expect(try domain.storedValues().keys == ["real", "flag", "string", "data", "date", "array", "dictionary"])
    }

    @Test func integerReadsNumbersBooleansAndNumericStrings() throws {
        let domain = try store().domain(named: "d")
        try domain.update { changes in
            changes.set("123", forKey: "digits")
            changes.set("  -42abc", forKey: "prefix")
            changes.set("abc", forKey: "word")
            changes.set(2.67, forKey: "real")
            changes.set(-2.67, forKey: "negative")
            changes.set(true, forKey: "yes")
            changes.set(.integer(PlistInteger(UInt64.max)), forKey: "huge")
        }
        #expect(try domain.integer(forKey: "digits") == 123)
        #expect(try domain.integer(forKey: "prefix") == -42)
        #expect(try domain.integer(forKey: "word") == 0)
        #expect(try domain.integer(forKey: "real") == 2)
        #expect(try domain.integer(forKey: "negative") == -2)
        #expect(try domain.integer(forKey: "yes") == 1)
        #expect(try domain.integer(forKey: "huge") == Int.max)
        #expect(try domain.double(forKey: "digits") == 123)
        #expect(try domain.double(forKey: "prefix") == -42)
    }

    @Test(arguments: [("YES", true), ("yes", true), ("true", true), ("TRUE", true), ("1", true), ("7", true),
                      ("NO", false), ("0", false), ("false", false), ("", false), ("maybe", false)])
    func boolReadsStringsAsUserDefaultsDoes(text: String, expected: Bool) throws {
        let domain = try store().domain(named: "d")
        try domain.set(text, forKey: "k")
        #expect(try domain.bool(forKey: "k") == expected)
    }

    @Test func boolAndStringOfNumbers() throws {
        let domain = try store().domain(named: "d")
        try domain.update { changes in
            changes.set(0, forKey: "zero")
            changes.set(1.0, forKey: "one")
            changes.set(5, forKey: "five")
            changes.set(0.1, forKey: "tenth")
            changes.set(false, forKey: "no")
        }
        #expect(try domain.bool(forKey: "zero") == false)
        #expect(try domain.bool(forKey: "one"))
        #expect(try domain.string(forKey: "five") == "5")
        #expect(try domain.string(forKey: "tenth") == "0.1")
        #expect(try domain.string(forKey: "no") == "0")
        #expect(try domain.string(forKey: "missing") == nil)
    }

    @Test func urlReadsPathStringsAndArchivedURLs() throws {
        let domain = try store().domain(named: "d")
        let web = try #require(URL(string: "https://example.org/a?b=c"))
        try domain.set(web, forKey: "archived")
        try domain.set("/var/tmp/file.txt", forKey: "path")
        try domain.set("~/Documents", forKey: "home")
        try domain.set(3, forKey: "number")
        #expect(try domain.url(forKey: "archived") == web)
        let archive = try KeyedArchive(decoding: #require(try domain.data(forKey: "archived")))
        guard case .instance(let root)? = archive.rootObject else { Issue.record("No archived root object"); return }
        #expect(root.className == "NSURL")
        #expect(try domain.url(forKey: "path") == URL(fileURLWithPath: "/var/tmp/file.txt"))
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/"
        #expect(try domain.url(forKey: "home")?.path == URL(fileURLWithPath: home + "/Documents").path)
        #expect(try domain.url(forKey: "number") == nil)
    }

    @Test func searchOrderIsDomainThenGlobalThenRegistered() throws {
        let store = try store()
        let app = try store.domain(named: "com.example.app")
        try store.globalDomain.update { changes in
            changes.set("global", forKey: "both")
            changes.set("global", forKey: "globalOnly")
        }
        try app.set("app", forKey: "both")
        app.register(["both": "registered", "globalOnly": "registered", "registeredOnly": "registered"])
        #expect(try app.string(forKey: "both") == "app")
        #expect(try app.string(forKey: "globalOnly") == "global")
        #expect(try app.string(forKey: "registeredOnly") == "registered")
        // The stored getters read the domain's file alone, as `defaults` does.
        #expect(try app.storedValue(forKey: "globalOnly") == nil)
        #expect(try app.dictionaryRepresentation() == ["both": "app", "globalOnly": "global", "registeredOnly": "registered"])
        // Registered values are never written.
        #expect(try app.storedValues() == ["both": "app"])
        // The global domain is a domain like the others, named as macOS names it.
        #expect(try store.domain(named: "NSGlobalDomain").string(forKey: "globalOnly") == "global")
        #expect(FileManager.default.fileExists(atPath: store.directory + "/.GlobalPreferences.plist"))
        #expect(try store.domainNames() == ["com.example.app"])
    }

    @Test func readsSeeOtherWritersChanges() throws {
        let store = try store()
        let reader = try store.domain(named: "d")
        let writer = try store.domain(named: "d")
        #expect(try reader.integer(forKey: "n") == 0)
        for n in 1...3 {
            try writer.set(n, forKey: "n")
            #expect(try reader.integer(forKey: "n") == n)
        }
        // An edit in place by another tool (same inode, new size and time) is seen too.
        try PlistValue.dictionary(["n": 10]).encoded(as: .binary).write(to: URL(fileURLWithPath: reader.path))
        #expect(try reader.integer(forKey: "n") == 10)
        #expect(try reader.storedValues() == ["n": 10])
    }

    @Test func newDomainsAreBinaryAndPrivate() throws {
        let domain = try store().domain(named: "com.example.new")
        try domain.set("x", forKey: "k")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: domain.path))
        #expect(PlistFormat(detecting: bytes) == .binary)
        let mode = try FileManager.default.attributesOfItem(atPath: domain.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func writesKeepTheFilesFormatAndPermissions() throws {
        let store = try store()
        let domain = try store.domain(named: "com.example.xml")
        try PlistValue.dictionary(["old": 1]).encoded(as: .xml).write(to: URL(fileURLWithPath: domain.path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: domain.path)
        try domain.set("new", forKey: "added")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: domain.path))
        #expect(PlistFormat(detecting: bytes) == .xml)
        #expect(try PlistValue(decoding: bytes) == ["old": 1, "added": "new"])
        #expect(try FileManager.default.attributesOfItem(atPath: domain.path)[.posixPermissions] as? Int == 0o640)
    }

    @Test func batchUpdateIsOneWriteAndNoneWhenNothingChanges() throws {
        let domain = try store().domain(named: "d")
        try domain.update { _ in }
        #expect(try domain.exists == false)
        let result = try domain.update { changes -> Int in
            for i in 0..<100 { changes.set(i, forKey: "k\(i)") }
            return changes.values.count
        }
        #expect(result == 100)
        let before = try FileManager.default.attributesOfItem(atPath: domain.path)[.systemFileNumber] as? Int
        try domain.update { changes in changes.set(5, forKey: "k5") }
        let after = try FileManager.default.attributesOfItem(atPath: domain.path)[.systemFileNumber] as? Int
        #expect(before == after)
        #expect(try domain.integer(forKey: "k99") == 99)
    }

    @Test func aThrowingBatchWritesNothing() throws {
        struct Stop: Error {}
        let domain = try store().domain(named: "d")
        try domain.set(1, forKey: "kept")
        #expect(throws: Stop.self) {
            try domain.update { changes in
                changes.set(2, forKey: "kept")
                throw Stop()
            }
        }
        #expect(try domain.integer(forKey: "kept") == 1)
    }

    @Test func corruptFilesAreErrorsAndStayUntouched() throws {
        let domain = try store().domain(named: "com.example.broken")
        var bytes = try PlistValue.dictionary(["a": 1, "b": "two"]).encoded(as: .binary)
        bytes[8] = 0x7F  // the first object's marker: no such object type
        try bytes.write(to: URL(fileURLWithPath: domain.path))
        let error = try #require(throws: PreferencesError.self) { try domain.storedValues() }
        #expect(error.code == .corruptFile)
        #expect(error.description.hasPrefix("The preferences file '\(domain.path)' is not a valid property list: "))
        #expect(error.underlyingError?.location != nil)
        #expect(throws: PreferencesError.self) { try domain.set(1, forKey: "c") }
        #expect(throws: PreferencesError.self) { try domain.removeValue(forKey: "a") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: domain.path)) == bytes)

        let text = try store().domain(named: "com.example.text")
        try Data("{ a = 1; b = ".utf8).write(to: URL(fileURLWithPath: text.path))
        let textError = try #require(throws: PreferencesError.self) { try text.string(forKey: "a") }
        #expect(textError.description.contains("line 1, column"))
        #expect(throws: PreferencesError.self) { try text.set(1, forKey: "c") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: text.path)) == Data("{ a = 1; b = ".utf8))
    }

    @Test func aRootThatIsNotADictionaryIsAnError() throws {
        let domain = try store().domain(named: "d")
        try PlistValue.array([1, 2]).encoded(as: .binary).write(to: URL(fileURLWithPath: domain.path))
        let error = try #require(throws: PreferencesError.self) { try domain.integer(forKey: "k") }
        #expect(error.code == .notADictionary)
        #expect(error.description == "The preferences file '\(domain.path)' holds an array at its root, not a dictionary.")
    }

    @Test func aDomainReadAndWrittenThroughASymbolicLink() throws {
        let store = try store()
        let elsewhere = try PreferencesScratch.directory().appendingPathComponent("real.plist")
        try PlistValue.dictionary(["k": "v"]).encoded(as: .binary).write(to: elsewhere)
        let link = store.path(ofDomain: "com.example.linked")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere.path)
        let domain = try store.domain(named: "com.example.linked")
        #expect(try domain.string(forKey: "k") == "v")
        try domain.set(2, forKey: "n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == elsewhere.path)
        #expect(try fileValue(elsewhere.path) == ["k": "v", "n": 2])
        #expect(try store.domainNames() == ["com.example.linked"])
    }

    @Test func aDomainNamedByItsPath() throws {
        let directory = try PreferencesScratch.directory()
        let store = PreferencesStore(directory: "/nonexistent")
        let domain = try store.domain(named: directory.path + "/custom")
        try domain.set("x", forKey: "k")
        #expect(domain.path == directory.path + "/custom.plist")
        #expect(try fileValue(domain.path) == ["k": "x"])
        #expect(try store.domain(named: directory.path + "/custom.plist").string(forKey: "k") == "x")
        #expect(throws: PreferencesError.self) { try store.domain(named: "") }
    }

    @Test func oneDomainUsedFromSeveralThreads() async throws {
        let domain = try store().domain(named: "d")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for i in 0..<25 {
                        try domain.set(i, forKey: "w\(worker)-\(i)")
                        _ = try domain.integer(forKey: "w\(worker)-\(i)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try domain.storedValues().count == 100)
    }

    @Test func removingADomainDeletesItsFile() throws {
        let domain = try store().domain(named: "d")
        #expect(try domain.removeDomain() == false)
        try domain.set(1, forKey: "k")
        #expect(try domain.removeDomain())
        #expect(try domain.exists == false)
        #expect(try domain.integer(forKey: "k") == 0)
    }

    @Test func findCountsMatchingNamesKeysAndStrings() throws {
        let store = try store()
        try store.domain(named: "com.example.finder").update { changes in
            changes.set("Finder window", forKey: "Title")
            changes.set(["nested": ["a finder", 3]] as PlistValue, forKey: "FinderState")
        }
        try store.domain(named: "com.example.other").set("nothing", forKey: "k")
        let result = try store.find("FINDER")
        #expect(result.matches.map(\.domain) == ["com.example.finder"])
        // The domain name, "Finder window", "FinderState" and "a finder".
        #expect(result.matches.first?.matchCount == 4)
        #expect(result.failures.isEmpty)
        #expect(try store.find("absent").matches.isEmpty)
    }
}
