import Foundation
// The tree of TestData/Binary/foundation-linux.bplist: every type, no repeated value, at most
// one key per dictionary (so Apple's layout and Foundation-on-Linux's agree).
let tree: [Any] = [
    "ascii", "ünïcödé 😀", NSNumber(value: 300), NSNumber(value: -5), NSNumber(value: UInt64.max),
    NSNumber(value: 2.5), true, Date(timeIntervalSinceReferenceDate: -1_000_000.25), Data([0, 1, 2, 254, 255]),
    ["only key": ["nested", NSNumber(value: 70_000)] as [Any]] as [String: Any], [Any](), [String: Any](),
    String(repeating: "long ", count: 10),
]
let data = try! PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
try! data.write(to: URL(fileURLWithPath: CommandLine.arguments[1]))
