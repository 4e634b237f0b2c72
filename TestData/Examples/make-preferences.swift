// Writes com.example.notes.plist: the preferences domain of a notes app as Foundation's
// binary writer writes it (the form macOS keeps preferences in), with what makes real
// preference files grow: bookmark data for recent documents, window and split-view frames,
// toolbar configurations, an archived table layout.
//
//     swiftc make-preferences.swift -o /tmp/make-preferences
//     SWIFT_DETERMINISTIC_HASHING=1 /tmp/make-preferences TestData/Examples
//
// Every value is fixed (the "bookmarks" are pseudo-random bytes from a fixed seed behind
// the real format's "book" magic), and the key order follows Swift's hashing, which the
// variable makes the same at every run: so is the file.
import Foundation

/// Bytes from a fixed linear congruential sequence.
func bytes(_ count: Int, seed: UInt64) -> Data {
    var state = seed
    var data = Data("book".utf8) + Data(repeating: 0, count: 4)
    while data.count < count {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        data.append(UInt8(truncatingIfNeeded: state >> 33))
    }
    return data
}

let folder = CommandLine.arguments.dropFirst().first ?? "."
let documents = ["Groceries", "Trip to Lisbon", "Reading list", "Meeting notes 2026-11", "Recipes"]
let preferences: [String: Any] = [
    "NSWindow Frame MainWindow": "120 340 960 640 0 0 1728 1079 ",
    "NSWindow Frame Inspector": "1100 500 280 420 0 0 1728 1079 ",
    "NSSplitView Subview Frames MainSplit": [
        "0.000000, 0.000000, 240.000000, 640.000000, NO, NO",
        "241.000000, 0.000000, 719.000000, 640.000000, NO, NO",
    ],
    "NSToolbar Configuration MainToolbar": [
        "TB Display Mode": 1, "TB Icon Size Mode": 1, "TB Is Shown": 1, "TB Size Mode": 1,
        "TB Item Identifiers": ["NewNote", "NSToolbarFlexibleSpaceItem", "Share", "Search"],
    ] as [String: Any],
    "NSNavLastRootDirectory": "~/Documents/Notes",
    "NSNavPanelExpandedStateForSaveMode": true,
    "RecentDocumentBookmarks": documents.enumerated().map { bytes(520 + 90 * $0.offset, seed: UInt64($0.offset + 1)) },
    "RecentDocumentNames": documents,
    "NSTableView Columns v2 NotesTable": bytes(310, seed: 99),
    "FontName": "Menlo-Regular",
    "FontSize": 13,
    "Theme": "Solarized Light",
    "LastExportFormat": "Markdown",
    "SUEnableAutomaticChecks": true,
    "SUSendProfileInfo": false,
    "SULastCheckTime": Date(timeIntervalSinceReferenceDate: 786_000_000),
    "Sync": [
        "Enabled": true, "AccountID": "7E1F2A3B-9C4D-4E5F-8A6B-1C2D3E4F5A6B",
        "LastSync": Date(timeIntervalSinceReferenceDate: 786_003_600), "Folder": "Notes",
    ] as [String: Any],
]
let data = try PropertyListSerialization.data(fromPropertyList: preferences, format: .binary, options: 0)
try data.write(to: URL(fileURLWithPath: folder).appendingPathComponent("com.example.notes.plist"))
print("wrote \(data.count) bytes")
