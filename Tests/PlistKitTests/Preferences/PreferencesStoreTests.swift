import Foundation
import PlistKit
import Testing

/// Where a store is, its by-host domains, listing a shared folder, and the files a domain
/// refuses to read, write or delete.
@Suite struct PreferencesStoreTests {
    func store(host: PreferencesHost = .any) throws -> PreferencesStore {
        PreferencesStore(directory: try PreferencesScratch.directory().path, host: host)
    }

    func write(_ value: PlistValue, as format: PlistFormat = .binary, to path: String) throws {
        try value.encoded(as: format).write(to: URL(fileURLWithPath: path))
    }

    /// A domain whose key `k` holds a binary shared-reference bomb: 60 levels of arrays each
    /// holding the next twice, 2⁶⁰ strings once expanded, in a file of about 300 bytes.
    static func bombDomain() -> Data {
        var plist = HandMadeBinaryPlist()
        plist.objects = [[0xD1, 1, 2], HandMadeBinaryPlist.ascii("k")]
        plist.objects += (2..<62).map { HandMadeBinaryPlist.array([UInt64($0 + 1), UInt64($0 + 1)]) }
        plist.objects.append(HandMadeBinaryPlist.ascii("x"))
        return plist.bytes
    }

    // MARK: Location

    @Test func withNoConfigurationTheStoreIsFoundations() throws {
        let location = PreferencesStore.defaultLocation(environment: ["HOME": "/h"])
        #if os(macOS)
        #expect(location == .init(directory: "/h/Library/Preferences", newFileFormat: .binary))
        #else
        // swift-corelibs-foundation: $XDG_CONFIG_HOME when absolute, else $HOME/.config, else
        // /.config; it writes XML there (DefaultsTests checks both against UserDefaults).
        #expect(location == .init(directory: "/h/.config", newFileFormat: .xml))
        #expect(PreferencesStore.defaultDirectory(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"]) == "/x")
        #expect(PreferencesStore.defaultDirectory(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "relative"]) == "/h/.config")
        #expect(PreferencesStore.defaultDirectory(environment: ["HOME": "/h", "XDG_CONFIG_HOME": ""]) == "/h/.config")
        #expect(PreferencesStore.defaultDirectory(environment: [:]) == "/.config")
        #expect(PreferencesStore.defaultDirectory(environment: ["HOME": ""]) == "/.config")
        #endif
        #expect(PreferencesStore.defaultLocation(environment: ["PLISTKIT_PREFERENCES": "/p", "HOME": "/h"]) == .init(directory: "/p", newFileFormat: .binary))
    }

    @Test func theDefaultStoreMakesItsFolderPrivateAndWritesFoundationsFormat() throws {
        let home = try PreferencesScratch.directory()
        let store = PreferencesStore(environment: ["HOME": home.path])
        let domain = try store.domain(named: "org.example.tool")
        try domain.set(1, forKey: "k")
        #if !os(macOS)
        #expect(domain.path == home.path + "/.config/org.example.tool.plist")
        #expect(PlistFormat(detecting: try Data(contentsOf: URL(fileURLWithPath: domain.path))) == .xml)
        #expect(try FileManager.default.attributesOfItem(atPath: home.path + "/.config")[.posixPermissions] as? Int == 0o700)
        #endif
        #expect(try FileManager.default.attributesOfItem(atPath: domain.path)[.posixPermissions] as? Int == 0o600)
    }

    // MARK: By-host domains

    @Test func byHostDomainsLiveInByHostNamedAfterTheHost() throws {
        let store = try store()
        let named = store.scoped(to: .named("ABC-123"))
        #expect(named.path(ofDomain: "com.x") == store.directory + "/ByHost/com.x.ABC-123.plist")
        #expect(named.path(ofDomain: "NSGlobalDomain") == store.directory + "/ByHost/.GlobalPreferences.ABC-123.plist")
        #if os(Linux)
        // swift-corelibs-foundation has no host identifier off Darwin: `DOMAIN..plist`.
        #expect(PreferencesHost.currentIdentifier == "")
        #expect(store.scoped(to: .current).path(ofDomain: "com.x") == store.directory + "/ByHost/com.x..plist")
        #endif
        // A by-host write makes ByHost, private, and touches no any-host file.
        try named.domain(named: "com.x").set("here", forKey: "k")
        #expect(try FileManager.default.attributesOfItem(atPath: store.directory + "/ByHost")[.posixPermissions] as? Int == 0o700)
        #expect(try store.domain(named: "com.x").exists == false)
        #expect(try named.domainNames() == ["com.x"])
        #expect(try store.domainNames() == [])
        #expect(throws: PreferencesError.self) { try store.scoped(to: .named("../escape")).domain(named: "com.x") }
    }

    @Test func gettersReadTheCurrentHostsFilesFirstAsUserDefaultsDoes() throws {
        let store = try store()
        let current = store.scoped(to: .current)
        try current.domain(named: "com.x").set("by host", forKey: "both")
        try store.domain(named: "com.x").update { changes in
            changes.set("any host", forKey: "both")
            changes.set("any host", forKey: "own")
        }
        try current.globalDomain.set("global by host", forKey: "global")
        try store.globalDomain.update { changes in
            changes.set("global", forKey: "global")
            changes.set("global", forKey: "globalOnly")
        }
        let domain = try store.domain(named: "com.x")
        #expect(try domain.string(forKey: "both") == "by host")
        #expect(try domain.string(forKey: "own") == "any host")
        #expect(try domain.string(forKey: "global") == "global by host")
        #expect(try domain.string(forKey: "globalOnly") == "global")
        #expect(try domain.storedValues() == ["both": "any host", "own": "any host"])
    }

    // MARK: A shared folder

    @Test func onlyPropertyListsWithADictionaryRootAreDomains() throws {
        let store = try store()
        try store.domain(named: "good").set(1, forKey: "k")
        try store.globalDomain.set(2, forKey: "g")
        try write(.array([1]), to: store.directory + "/list.plist")
        try Data().write(to: URL(fileURLWithPath: store.directory + "/empty.plist"))
        try Data("not a plist".utf8).write(to: URL(fileURLWithPath: store.directory + "/text.plist"))
        try Data().write(to: URL(fileURLWithPath: store.directory + "/notes.txt"))
        #expect(try store.domainNames() == ["good"])
        let listing = try store.storedDomains()
        #expect(listing.domains.map(\.name) == ["Apple Global Domain", "good"])
        #expect(listing.domains.map(\.isGlobal) == [true, false])
        #expect(listing.failures.map(\.path) == ["empty", "list", "text"].map { store.directory + "/\($0).plist" })
        #expect(listing.failures.map(\.code) == [.corruptFile, .notADictionary, .corruptFile])
    }

    @Test func findRefusesABombAndSearchesTheOtherDomains() throws {
        let store = try store()
        try store.domain(named: "com.example.app").set("hello", forKey: "Greeting")
        let bomb = store.path(ofDomain: "com.example.bomb")
        try Self.bombDomain().write(to: URL(fileURLWithPath: bomb))
        // Reading it is cheap (shared references are decoded once); expanding it is not.
        #expect(try store.domain(named: "com.example.bomb").storedValues().keys == ["k"])
        let result = try store.find("hello")
        #expect(result.matches.map(\.domain) == ["com.example.app"])
        #expect(result.failures.map(\.path) == [bomb])
        #expect(result.failures.first?.code == .limitExceeded)
        #expect(result.failures.first?.underlyingError?.code == .limitExceeded)
        // A smaller limit refuses smaller domains the same way.
        var small = PlistWritingOptions()
        small.maximumValueCount = 1
        #expect(try store.find("hello", limits: small).failures.count == 2)
        // Listing alone expands nothing: the bomb is a domain.
        #expect(try store.domainNames() == ["com.example.app", "com.example.bomb"])
    }

    // MARK: Files a domain refuses

    @Test func aWriteThatWouldNestDeeperThanReadersAcceptIsRefused() throws {
        let domain = try store().domain(named: "d")
        func nested(_ levels: Int) -> PlistValue {
            var value: PlistValue = "leaf"
            for _ in 0..<levels { value = .array([value]) }
            return value
        }
        // The root dictionary is level 1: 511 arrays under it make 512, the readers' limit.
        try domain.set(nested(511), forKey: "deep")
        #expect(try domain.array(forKey: "deep") != nil)
        let error = try #require(throws: PreferencesError.self) { try domain.set(nested(512), forKey: "deeper") }
        #expect(error.code == .limitExceeded)
        #expect(error.description.contains("cannot be written, and nothing was: The value nests 513 levels deep, more than the 512"))
        #expect(error.description.contains("(512 components)"))
        #expect(try domain.storedValues().keys == ["deep"])
    }

    @Test func removingALinkRemovesTheLinkNotItsTarget() throws {
        let store = try store()
        let target = try PreferencesScratch.directory().appendingPathComponent("elsewhere.plist")
        try write(["k": "v"], to: target.path)
        let link = store.path(ofDomain: "linked")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        #expect(try store.domain(named: "linked").removeDomain())
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil)
        #expect(try PlistValue(decoding: Data(contentsOf: target)) == ["k": "v"])
    }

    @Test func aCorruptDomainIsNeverDeleted() throws {
        let domain = try store().domain(named: "broken")
        try Data("bplist00 broken".utf8).write(to: URL(fileURLWithPath: domain.path))
        let error = try #require(throws: PreferencesError.self) { try domain.removeDomain() }
        #expect(error.code == .corruptFile)
        #expect(try Data(contentsOf: URL(fileURLWithPath: domain.path)) == Data("bplist00 broken".utf8))
    }

    @Test func aLinkToNothingIsAnErrorAndStaysALink() throws {
        let store = try store()
        let link = store.path(ofDomain: "dangling")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "nowhere.plist")
        let domain = try store.domain(named: "dangling")
        let write = try #require(throws: PreferencesError.self) { try domain.set(1, forKey: "k") }
        #expect(write.code == .unwritableFile)
        #expect(write.description == "The preferences file '\(link)' is a symbolic link to 'nowhere.plist', which does not exist; writing would replace the link with a file.")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "nowhere.plist")
        #expect(!FileManager.default.fileExists(atPath: store.directory + "/nowhere.plist"))
        #expect(try #require(throws: PreferencesError.self) { try domain.storedValues() }.code == .unreadableFile)
        #expect(throws: PreferencesError.self) { try domain.removeDomain() }
    }

    @Test func aPathDomainMakesNoFolders() throws {
        let base = try PreferencesScratch.directory()
        let domain = try store().domain(named: base.path + "/missing/folder/custom")
        let error = try #require(throws: PreferencesError.self) { try domain.set(1, forKey: "k") }
        #expect(error.code == .unwritableFile)
        #expect(error.description == "The preferences file '\(base.path)/missing/folder/custom.plist' cannot be written: its folder '\(base.path)/missing/folder' does not exist.")
        #expect(!FileManager.default.fileExists(atPath: base.path + "/missing"))
    }

    @Test func onlyRegularFilesAreReadOrWritten() throws {
        let store = try store()
        let fifo = store.path(ofDomain: "fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: store.path(ofDomain: "zero"), withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: store.path(ofDomain: "folder"), withIntermediateDirectories: false)
        for (name, kind) in [("fifo", "a FIFO"), ("zero", "a character device"), ("folder", "a directory")] {
            let domain = try store.domain(named: name)
            let read = try #require(throws: PreferencesError.self) { try domain.storedValues() }
            #expect(read.code == .unreadableFile)
            #expect(read.description == "The preferences file '\(domain.path)' cannot be read: it is \(kind), not a regular file.")
            let write = try #require(throws: PreferencesError.self) { try domain.set(1, forKey: "k") }
            #expect(write.description == "The preferences file '\(domain.path)' cannot be written: it is \(kind), not a regular file.")
            #expect(throws: PreferencesError.self) { try domain.removeDomain() }
        }
        #expect(try store.storedDomains().failures.count == 3)
    }
}
