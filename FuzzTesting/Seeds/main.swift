// make-seeds: writes the fuzzing seed corpora under FuzzTesting/Corpus/<harness>/ from
// PlistKit's own writers (random trees of every type, from fixed seeds) and from small
// hand-made files that reach what the writers never produce (comments, entities, sets,
// 32-bit reals, BOMs, .strings syntax). Built and run by FuzzTesting/make-seeds.sh; compiled
// together with the library's sources, so it is one module with them.
import Foundation

let corpusRoot = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "FuzzTesting/Corpus")

var written: [String: Int] = [:]
func seed(_ harness: String, _ name: String, _ data: Data) {
    let folder = corpusRoot.appendingPathComponent(harness)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
        try data.write(to: folder.appendingPathComponent(name))
        written[harness, default: 0] += 1
    } catch {
        FileHandle.standardError.write(Data("Error: cannot write \(harness)/\(name): \(error)\n".utf8))
        exit(74)
    }
}
func seed(_ harness: String, _ name: String, _ text: String) { seed(harness, name, Data(text.utf8)) }

/// A small deterministic generator (SplitMix64).
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Small random trees: every kind of value, edge integers and reals, non-ASCII text.
func tree(_ random: inout Random, depth: Int, allowsUIDs: Bool, textOnly: Bool) -> PlistValue {
    if depth < 4, random.below(3) == 0 {
        let count = random.below(5)
        if random.below(2) == 0 {
            return .array((0..<count).map { _ in tree(&random, depth: depth + 1, allowsUIDs: allowsUIDs, textOnly: textOnly) })
        }
        var dictionary = PlistDictionary()
        for index in 0..<count {
            dictionary[["key", "Name", "é", "日本", "a.b", "CF$UID", ""][random.below(7)] + String(index)] =
                tree(&random, depth: depth + 1, allowsUIDs: allowsUIDs, textOnly: textOnly)
        }
        return .dictionary(dictionary)
    }
    let strings = ["", "plain", "<&>\"'", "Ünïcödé", "日本語", "😀👍🏽", "tab\tnew\nline", "  spaces  ", "12", "YES"]
    if textOnly {
        return random.below(4) == 0 ? .data(Data((0..<random.below(9)).map { UInt8($0 * 37) }))
            : .string(strings[random.below(strings.count)])
    }
    switch random.below(allowsUIDs ? 9 : 8) {
    case 0: return .string(strings[random.below(strings.count)])
    case 1: return .integer([PlistInteger(0), PlistInteger(-1), PlistInteger(255), PlistInteger(65_536),
                             PlistInteger(Int64.min), PlistInteger(Int64.max), PlistInteger(UInt64.max)][random.below(7)])
    case 2: return .real([0.0, -0.0, 1.5, -1e300, .pi, .leastNormalMagnitude / 4, 0.1][random.below(7)])
    case 3: return .boolean(random.below(2) == 0)
    case 4: return .date(Date(timeIntervalSinceReferenceDate: [0, -978_307_200, 700_000_000, 1e10][random.below(4)]))
    case 5: return .data(Data((0..<random.below(40)).map { UInt8(truncatingIfNeeded: $0 &* 91) }))
    case 6: return .array([])
    case 7: return .dictionary([:])
    default: return .uid(UInt32(random.below(300)))
    }
}

// Trees written by PlistKit's own writers, 24 per format.
let formats: [(String, PlistFormat, PlistWritingOptions, Bool, Bool)] = [
    ("binary", .binary, PlistWritingOptions(), true, false),
    ("xml", .xml, PlistWritingOptions(), true, false),
    ("openstep", .openStep, PlistWritingOptions(writesGNUstepTypedValues: true), false, false),
    ("json", .json, PlistWritingOptions(), false, false),
]
for (harness, format, options, allowsUIDs, _) in formats {
    var random = Random(state: 0x5EED_0000 + UInt64(harness.utf8.count))
    var skipped = 0
    for index in 0..<24 {
        var value = tree(&random, depth: 1, allowsUIDs: allowsUIDs, textOnly: false)
        if format == .json {
            // Strict JSON has no dates, data or UIDs: keep the trees it can hold.
            value = (try? value.encoded(as: .json)).map { _ in value } ?? .array([value.string.map(PlistValue.string) ?? 1])
        }
        do {
            let data = try value.encoded(as: format, options: options)
            seed(harness, "writer-\(index).\(format.fileExtension)", data)
            if index % 4 == 0 { seed("detect", "\(harness)-writer-\(index)", data) }
        } catch {
            skipped += 1
            if skipped == 1 { FileHandle.standardError.write(Data("note: \(harness): \(error)\n".utf8)) }
        }
    }
}

// Hand-made binary files: what PlistKit's writer never produces.
func bplist(_ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1) -> Data {
    var file = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects { offsets.append(file.count); file += object }
    let table = file.count
    for offset in offsets { file.append(UInt8(offset)) }
    file += [0, 0, 0, 0, 0, 0, 1, referenceSize]
    func be(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
    file += be(UInt64(objects.count)) + be(top) + be(UInt64(table))
    return Data(file)
}
seed("binary", "hand-set.bplist", bplist([[0xC2, 1, 2], [0x10, 1], [0x51, 0x61]]))
seed("binary", "hand-float32.bplist", bplist([[0x22, 0x3F, 0xC0, 0, 0]]))
seed("binary", "hand-int128.bplist", bplist([[0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)]))
seed("binary", "hand-utf16.bplist", bplist([[0x62, 0x00, 0xE9, 0xD8, 0x3D]]))
seed("binary", "hand-shared.bplist", bplist([[0xA3, 1, 1, 2], [0x53, 0x61, 0x62, 0x63], [0xD1, 1, 3], [0x09]]))
seed("binary", "hand-uid-dict.bplist", bplist([[0xD1, 1, 2], [0x56] + Array("CF$UID".utf8), [0x80, 5]]))
seed("binary", "hand-null-fill.bplist", bplist([[0xA2, 1, 2], [0x00], [0x0F]]))
seed("binary", "hand-bplist15.bplist", Data("bplist15".utf8) + Data(repeating: 0, count: 40))

// Hand-made XML: syntax the writer never uses.
let xmlHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
seed("xml", "hand-comments-cdata.plist", xmlHead + "<plist version=\"1.0\"><!-- c --><dict><key>a<!-- x -->b</key><string><![CDATA[<raw> & ]]>tail</string><key>e</key><string>&lt;&amp;&#x1F600;&#65;</string></dict></plist>")
seed("xml", "hand-uid.plist", xmlHead + "<plist version=\"1.0\"><array><dict><key>CF$UID</key><integer>7</integer></dict><integer>0x1F</integer><integer>-0</integer><real>nan</real><real>-inf</real><real>1E+2</real><date>2001-01-01T00:00:00Z</date><data>\n\tAAEC\n\t/w==\n</data><true/><false/><string/><array/><dict/></array></plist>")
seed("xml", "hand-no-prolog.plist", "<plist><string>bare</string></plist>")
seed("xml", "hand-entity.plist", "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY e \"expanded\">]><plist><string>&e;</string></plist>")
seed("xml", "hand-utf16.plist", Data([0xFF, 0xFE]) + "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><string>é</string></plist>".data(using: .utf16LittleEndian)!)
seed("xml", "hand-dupkeys.plist", "<plist><dict><key>k</key><true/><key>k</key><false/></dict></plist>")

// Hand-made OpenStep and .strings.
seed("openstep", "hand-strings.strings", "/* comment */\n\"greeting\" = \"Hello \\\"you\\\"\\n\";\n// line\nkey = value;\n\"\\U00e9\" = \"\\101\\t\";\n")
seed("openstep", "hand-nested.plist", "{ a = (1, \"two\", <0fbd 77>, { b = c; }); \"d e\" = (); f = <*I-12>; g = <*R1.5>; h = <*BY>; i = <*D2001-01-01 00:00:00 +0000>; }")
seed("openstep", "hand-utf16.strings", Data([0xFF, 0xFE]) + "\"k\" = \"日本\";".data(using: .utf16LittleEndian)!)
seed("openstep", "hand-array.plist", "( a, b , \"c\", )")

// Hand-made JSON.
seed("json", "hand-numbers.json", "[0, -0, 1.5e300, -9223372036854775808, 18446744073709551615, 1E-5, 0.1, 123456789012345678901234567890]")
seed("json", "hand-strings.json", "{\"\\u00e9\\ud83d\\ude00\": \"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\": [true, false, {}, []]}")
seed("json", "hand-scalar.json", "  \"top\"  ")
seed("json", "hand-dupkeys.json", "{\"k\": 1, \"k\": 2}")

// Detection: leading bytes of every family.
for (name, bytes) in [
    ("bom-xml", Data([0xEF, 0xBB, 0xBF]) + Data("<plist><true/></plist>".utf8)),
    ("utf32-xml", "<plist><true/></plist>".data(using: .utf32LittleEndian)!),
    ("openstep-data", Data("<0fbd>".utf8)),
    ("json-number", Data("42".utf8)),
    ("strings", Data("\"a\" = \"b\";".utf8)),
    ("bplist-header-only", Data("bplist00".utf8)),
] { seed("detect", name, bytes) }

// PlistDecoder: plists shaped like FuzzTesting/Harnesses/decoder.swift's FuzzModel.
var model = PlistDictionary()
model["name"] = "café"
model["count"] = 3
model["small"] = -128
model["big"] = .integer(PlistInteger(UInt64.max))
model["huge"] = 5
model["ratio"] = 0.5
model["single"] = 1.25
model["flag"] = true
model["when"] = .date(Date(timeIntervalSinceReferenceDate: 12))
model["blob"] = .data(Data([1, 2, 3]))
model["tags"] = ["a", "b"]
model["table"] = ["x": 1]
model["matrix"] = [[1, 2], [3]]
model["children"] = [["name": "child", "children": [[:]]]]
model["optionalItems"] = ["s"]
for format in [PlistFormat.binary, .xml] {
    if let data = try? PlistValue.dictionary(model).encoded(as: format) {
        seed("decoder", "model.\(format == .binary ? "bplist" : "xml")", data)
    }
}
seed("decoder", "model-minimal.json", "{\"name\": \"n\", \"count\": 1, \"tags\": []}")

for (harness, count) in written.sorted(by: { $0.key < $1.key }) { print("\(harness): \(count) files") }

// Keyed archives: built-in classes from PlistKit's archiver, and FuzzRecord-shaped archives
// (FuzzTesting/Harnesses/unarchive.swift) written by hand as plist values.
func archiveSeed(_ name: String, _ make: () throws -> Data) {
    do {
        let data = try make()
        seed("keyedarchive", name, data)
        seed("unarchive", name, data)
    } catch {
        FileHandle.standardError.write(Data("note: archive seed \(name): \(error)\n".utf8))
    }
}
archiveSeed("strings.bplist") { try KeyedArchiver.archivedData(withRootObject: ["a", "b", "café", "a"]) }
archiveSeed("dictionary.xml") { try KeyedArchiver.archivedData(withRootObject: ["k": 1, "l": 2], format: .xml) }
archiveSeed("set.bplist") { try KeyedArchiver.archivedData(withRootObject: Set(["x", "y"])) }
archiveSeed("date-data.bplist") { try KeyedArchiver.archivedData(withRootObject: [Date(timeIntervalSinceReferenceDate: 5)]) }
archiveSeed("uuid-url.bplist") {
    try KeyedArchiver.archivedData(withRootObject: [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!])
}
func record(_ fields: [(String, PlistValue)], objects: inout [PlistValue], classUID: UInt32) -> UInt32 {
    var dictionary = PlistDictionary(fields)
    dictionary["$class"] = .uid(classUID)
    objects.append(.dictionary(dictionary))
    return UInt32(objects.count - 1)
}
for (name, format, shared) in [("record.bplist", PlistFormat.binary, false), ("record.xml", .xml, false), ("record-shared.bplist", .binary, true)] {
    var objects: [PlistValue] = ["$null"]
    objects.append(.dictionary(["$classname": "FuzzRecord", "$classes": ["FuzzRecord", "NSObject"]]))  // 1
    objects.append(.dictionary(["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]))  // 2
    objects.append(.dictionary(["$classname": "NSDate", "$classes": ["NSDate", "NSObject"]]))  // 3
    objects.append("child")  // 4
    objects.append(.dictionary(["NS.time": 12.5, "$class": .uid(3)]))  // 5
    let child = record([("name", .uid(4)), ("age", 3), ("created", .uid(5))], objects: &objects, classUID: 1)
    objects.append("tag")
    let tag = UInt32(objects.count - 1)
    objects.append(.dictionary(["NS.objects": [.uid(tag), .uid(tag)], "$class": .uid(2)]))
    let tags = UInt32(objects.count - 1)
    objects.append(.dictionary(["NS.objects": shared ? [.uid(child), .uid(child)] : [.uid(child)], "$class": .uid(2)]))
    let items = UInt32(objects.count - 1)
    objects.append("root é")
    let rootName = UInt32(objects.count - 1)
    let root = record([
        ("name", .uid(rootName)), ("age", 40), ("score", 1.5), ("flag", true), ("blob", .data(Data([1, 2]))),
        ("tags", .uid(tags)), ("child", .uid(child)), ("items", .uid(items)),
    ], objects: &objects, classUID: 1)
    let archive: PlistValue = [
        "$archiver": "NSKeyedArchiver", "$version": 100000,
        "$top": ["root": .uid(root)], "$objects": .array(objects),
    ]
    archiveSeed(name) { try archive.encoded(as: format) }
}
for (harness, count) in written.sorted(by: { $0.key < $1.key }) where harness == "keyedarchive" || harness == "unarchive" {
    print("\(harness): \(count) files")
}

// Info.plist engine (FuzzTesting/Harnesses/infoplist.swift): a settings file, a NUL, then a
// property list. The project's Info.plists and settings files from TestData/InfoPlist (each
// real Info.plist with the settings its MANIFEST.json names; `#include` lines dropped, since
// the harness's settings have no file to resolve them against, except in one seed), and
// hand-made settings reaching every operator, condition and reference form.
let infoPlistData = corpusRoot.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("TestData").appendingPathComponent("InfoPlist")
func testData(_ path: String) -> Data {
    guard let data = try? Data(contentsOf: infoPlistData.appendingPathComponent(path)) else {
        FileHandle.standardError.write(Data("Error: cannot read TestData/InfoPlist/\(path)\n".utf8))
        exit(66)
    }
    return data
}
func withoutIncludes(_ settings: Data) -> String {
    String(decoding: settings, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("#include") }.joined(separator: "\n")
}
func infoPlistSeed(_ name: String, settings: String, plist: Data?) {
    seed("infoplist", name, Data(settings.utf8) + (plist.map { Data([0]) + $0 } ?? Data()))
}
struct RealInfoPlist: Decodable {
    var file: String
    var settings: [String]
    var define: [String: String]
}
let realInfoPlists = try! JSONDecoder().decode([RealInfoPlist].self, from: testData("real/MANIFEST.json"))
for real in realInfoPlists {
    var settings = real.settings.map { withoutIncludes(testData("real/" + $0)) }.joined(separator: "\n")
    for (name, value) in real.define.sorted(by: { $0.key < $1.key }) { settings += "\n\(name) = \(value)" }
    infoPlistSeed("real-" + real.file.replacingOccurrences(of: "/", with: "-"), settings: settings, plist: testData("real/" + real.file))
}
let sourceSettings = String(decoding: testData("ios-app-source.xcconfig"), as: UTF8.self)
let sourcePlist = testData("ios-app-source.plist")
infoPlistSeed("ios-app-source", settings: sourceSettings, plist: sourcePlist)
for file in ["app-extension.plist", "bad-info.plist", "framework.bplist", "framework.plist", "ios-app.plist", "macos-app.plist"] {
    infoPlistSeed(file, settings: sourceSettings, plist: testData(file))
}
for file in ["conditional.xcconfig", "Async/Base.xcconfig", "SFBAudioEngine/Base.xcconfig", "iina/Shared.xcconfig", "kickstarter/Base.xcconfig"] {
    infoPlistSeed("xcconfig-" + file.replacingOccurrences(of: "/", with: "-"), settings: withoutIncludes(testData("xcconfig/" + file)), plist: sourcePlist)
}
infoPlistSeed("include-unresolved", settings: "#include \"a.xcconfig\"\n#include? \"b.xcconfig\"\nA = 1\n", plist: sourcePlist)
if let source = try? PlistValue(decoding: sourcePlist) {
    for format in [PlistFormat.binary, .json, .openStep] {
        if let data = try? source.encoded(as: format) { infoPlistSeed("ios-app-source-\(format)", settings: sourceSettings, plist: data) }
    }
}
let operatorSettings = """
    // every operator, condition form, continuation and reference form
    PRODUCT_NAME = My App_2048 Straße
    TARGET_NAME = Notes
    PATH_VALUE = //tmp/./a/../b.c/
    EMPTY =
    Q = $(PRODUCT_NAME:quote) $(EMPTY:quote) $(PRODUCT_NAME:upper:lower)
    I = $(PRODUCT_NAME:identifier)$(PRODUCT_NAME:rfc1034identifier)$(PRODUCT_NAME:c99extidentifier)
    H = $(PRODUCT_NAME:__md5) $(PATH_VALUE:__stripslash) $(PATH_VALUE:standardizepath)
    P = $(PATH_VALUE:dir) $(PATH_VALUE:file) $(PATH_VALUE:base) $(PATH_VALUE:suffix)
    R = $(PATH_VALUE:dir=/x) $(PATH_VALUE:file=y.z) $(PATH_VALUE:base=w) $(PATH_VALUE:suffix=.o)
    D = $(UNSET:default=fallback) $(PATH_VALUE:relativeto=/tmp) $(PATH_VALUE:isancestor=/tmp) $(YES_VALUE:not)
    YES_VALUE = YES
    LIST = a \\
        b \\
        c;
    FLAGS = -ObjC
    FLAGS[sdk=iphoneos*][arch=arm64] = $(inherited) -device
    FLAGS[config=Rel?ase][arch=[!x]*] = $(value) -release
    FLAGS[sdk=[a-z]*os1[0-9].?] = $(FLAGS) -sdk
    NESTED = $(PRODUCT_$(SUFFIX)) ${TARGET_NAME} $[TARGET_NAME] $TARGET_NAME$(SUFFIX) $$(HOME) $
    SUFFIX = NAME
    CYCLE_A = $(CYCLE_B)
    CYCLE_B = $(CYCLE_A)
    DOUBLE_1 = $(DOUBLE_2)$(DOUBLE_2)
    DOUBLE_2 = $(DOUBLE_3)$(DOUBLE_3)
    DOUBLE_3 = ab
    URL = https://example.org
    GENERATE_INFOPLIST_FILE = YES
    SDKROOT = iphoneos
    TARGETED_DEVICE_FAMILY = 1,2
    PRODUCT_BUNDLE_IDENTIFIER = org.example.$(PRODUCT_NAME:rfc1034identifier:lower)
    MARKETING_VERSION = 1.0
    CURRENT_PROJECT_VERSION = 7
    INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad = UIInterfaceOrientationPortrait "UIInterfaceOrientationLandscapeLeft"
    INFOPLIST_KEY_UIRequiredDeviceCapabilities = armv7 still-camera
    INFOPLIST_KEY_LSUIElement = YES
    INFOPLIST_KEY_NSCameraUsageDescription = Scans $(PRODUCT_NAME).
    INFOPLIST_KEY_UILaunchScreen_Generation = YES
    INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES
    """
let operatorPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>CFBundleName</key><string>$(Q) $(I) $(H) $(P) $(R) $(D)</string>
    <key>FN$(SUFFIX)</key><string>$(NESTED) $(FLAGS) $(LIST) $(URL) $(DOUBLE_1)</string>
    <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>CFBundleExecutable</key><string>${EXECUTABLE_NAME}</string>
    <key>Cycle</key><string>$(CYCLE_A)</string>
    <key>UIBackgroundModes</key><array><string>location</string><string>$(UNDEFINED)</string></array>
    <key>UIRequiredDeviceCapabilities</key><dict><key>nfc</key><true/></dict>
    </dict></plist>
    """
infoPlistSeed("operators", settings: operatorSettings, plist: Data(operatorPlist.utf8))
infoPlistSeed("operators-no-plist", settings: operatorSettings, plist: nil)
infoPlistSeed("operators-openstep", settings: operatorSettings,
              plist: Data("{ CFBundleName = \"$(I:upper:quote)\"; \"$(SUFFIX)\" = ( \"$(A:default=$(B:default=c))\", <0fbd>, <*I3> ); }".utf8))
for (harness, count) in written.sorted(by: { $0.key < $1.key }) where harness == "infoplist" {
    print("\(harness): \(count) files")
}

// Surgical edits (FuzzTesting/Harnesses/sourceedit.swift): 16 bytes of edit commands, then a
// text document. The project's text fixtures (hand-written layouts: comments, CR LF, UTF-16,
// `.strings`, Xcode projects) and the writers' seeds above, each with a few command headers
// (set, insert, replace, remove, append; existing and new paths; every value kind).
let testDataRoot = corpusRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("TestData")
func fixture(_ path: String) -> Data {
    guard let data = try? Data(contentsOf: testDataRoot.appendingPathComponent(path)) else {
        FileHandle.standardError.write(Data("Error: cannot read TestData/\(path)\n".utf8))
        exit(66)
    }
    return data
}
let editHeaders: [[UInt8]] = [
    [2, 0, 1, 0, 0, 1, 2, 0x81, 5, 8, 3, 3, 1, 3, 0, 0],  // set an entry, insert a new key, remove
    [1, 2, 2, 7, 6, 4, 4, 0x02, 9, 9, 2, 0, 0, 0, 0, 0],  // replace a value deep, append
    [0x06, 0, 0x89, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],  // set a new key holding a number (GNUstep typed)
    [2, 3, 1, 0, 0, 0, 1, 0x81, 2, 5, 7, 0, 0x82, 0, 10, 3],  // remove, insert a date, set data past the end
]
var editDocuments: [(String, Data)] = [
    ("xml-all-types.plist", fixture("XML/foundation-all-types.plist")),
    ("xml-crlf.plist", fixture("XML/crlf-line-ends.plist")),
    ("json-sample.json", fixture("JSON/sample.plist")),
    ("openstep-sample.plist", fixture("OpenStep/sample.plist")),
    ("openstep-gnustep.plist", fixture("OpenStep/gnustep.plist")),
    ("Localizable.strings", fixture("OpenStep/Localizable.strings")),
    ("project.pbxproj", fixture("OpenStep/project.pbxproj")),
    ("Xcode16.pbxproj", fixture("OpenStep/pbxproj/Xcode16.pbxproj")),
    ("Info.plist", fixture("Examples/Info.plist")),
    ("strings-utf16.strings", Data([0xFF, 0xFE]) + "/* c */\n\"k\" = \"v\";\r\n\"é\" = \"日本\";\r\n".data(using: .utf16LittleEndian)!),
    ("strings-shorthand.strings", Data("\"a\";\nb = c;\n// end\n".utf8)),
    ("xml-empty-containers.plist", Data((xmlHead + "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<dict/>\n\t<key>b</key>\n\t<array/>\n\t<key>c</key><array><integer>1</integer></array>\n</dict>\n</plist>\n").utf8)),
    ("json-nested.json", Data("{\n  \"a\" : [1, 2, {\"b\": null}],\n  \"c\" : {}, \"d\": []\n}\n".utf8)),
    ("json-one-line.json", Data("[\"x\",{\"y\":[]},3.25]".utf8)),
    ("openstep-one-line.plist", Data("{a=(1,2);b={};c=\"q\";}".utf8)),
]
for format in ["xml", "openstep", "json"] {
    for index in [0, 5, 11, 17] {
        let file = corpusRoot.appendingPathComponent(format).appendingPathComponent("writer-\(index).\(format == "openstep" ? "plist" : format == "xml" ? "plist" : "json")")
        if let data = try? Data(contentsOf: file) { editDocuments.append(("writer-\(format)-\(index)", data)) }
    }
}
for (name, document) in editDocuments {
    for (index, header) in editHeaders.enumerated() where index == 0 || document.count < 4096 || index == 1 {
        seed("sourceedit", "\(index)-\(name)", Data(header) + document)
    }
}

// Object graphs and size maps (FuzzTesting/Harnesses/graph.swift): the archives above, the
// project's archive fixtures, binary writer trees, shared and cyclic-looking binary files, and
// archives of fan-out, depth, shared objects and cycles built by hand.
for name in ["strings.bplist", "dictionary.xml", "set.bplist", "date-data.bplist", "uuid-url.bplist", "record.bplist", "record.xml", "record-shared.bplist"] {
    if let data = try? Data(contentsOf: corpusRoot.appendingPathComponent("keyedarchive").appendingPathComponent(name)) {
        seed("graph", "archive-" + name, data)
    }
}
for name in ["foundation-builtins.bplist", "foundation-notes.bplist"] { seed("graph", name, fixture("KeyedArchive/" + name)) }
seed("graph", "notes-preferences.bplist", fixture("Examples/com.example.notes.plist"))
seed("graph", "json-sample.json", fixture("JSON/sample.plist"))
seed("graph", "hand-shared.bplist", bplist([[0xA3, 1, 1, 2], [0x53, 0x61, 0x62, 0x63], [0xD1, 1, 3], [0x09]]))
seed("graph", "hand-shared-arrays.bplist", bplist([[0xA2, 1, 1], [0xA2, 2, 2], [0xA1, 3], [0x10, 7]]))
for index in [1, 6, 13, 20] {
    if let data = try? Data(contentsOf: corpusRoot.appendingPathComponent("binary").appendingPathComponent("writer-\(index).bplist")) {
        seed("graph", "writer-binary-\(index).bplist", data)
    }
}
/// A keyed archive of `objects` after `$null`, `$top` naming `root` at 1, class 2 `Node`.
func graphArchive(_ objects: [PlistValue]) -> Data {
    let archive: PlistValue = [
        "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)],
        "$objects": .array(["$null"] + objects),
    ]
    return try! archive.encoded(as: .binary)
}
let nodeClass: PlistValue = ["$classname": "Node", "$classes": ["Node", "NSObject"]]
let arrayClass: PlistValue = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
// A cycle of three, a self-loop and a shared child.
seed("graph", "hand-cycle.bplist", graphArchive([
    ["$class": .uid(2), "next": .uid(3), "me": .uid(1), "label": "a\"b\\c&\n"],
    nodeClass,
    ["$class": .uid(2), "next": .uid(4), "shared": .uid(5)],
    ["$class": .uid(2), "next": .uid(1), "shared": .uid(5), "inline": [.uid(5), ["k": .uid(3)]]],
    ["$class": .uid(2), "value": 3],
]))
// Fan-out: an NSArray of 150 distinct objects, past the default edges per node.
// ($objects[1] the array, [2] its class, [3...152] the objects, [153] their class.)
var fanOut: [PlistValue] = [["$class": .uid(2), "NS.objects": .array((0..<150).map { .uid(UInt32(3 + $0)) })], arrayClass]
for index in 0..<150 { fanOut.append(["$class": .uid(153), "i": .integer(PlistInteger(Int64(index)))]) }
fanOut.append(nodeClass)
seed("graph", "hand-fan-out.bplist", graphArchive(fanOut))
// A chain 300 deep.
var chain: [PlistValue] = []
for index in 0..<300 { chain.append(["$class": .uid(301), "next": .uid(index == 299 ? 0 : UInt32(index + 2))]) }
chain.append(nodeClass)
seed("graph", "hand-chain.bplist", graphArchive(chain))
for (harness, count) in written.sorted(by: { $0.key < $1.key }) where harness == "sourceedit" || harness == "graph" {
    print("\(harness): \(count) files")
}
