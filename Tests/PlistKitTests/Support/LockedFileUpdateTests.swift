import Foundation
import PlistKit
import Testing

/// Read-modify-write of a file under the directory lock.
@Suite struct LockedFileUpdateTests {
    @Test func changeSeesTheOldBytesOrNilAndItsResultIsWritten() throws {
        let file = try PreferencesScratch.directory().appendingPathComponent("f.txt")
        var seen: [Data?] = []
        #expect(try LockedFileUpdate.update(file.path, newFileMode: 0o600) { old in seen.append(old); return Data("one".utf8) })
        #expect(try LockedFileUpdate.update(file.path) { old in seen.append(old); return Data("two".utf8) })
        #expect(try LockedFileUpdate.update(file.path) { old in seen.append(old); return nil } == false)
        #expect(seen == [nil, Data("one".utf8), Data("two".utf8)])
        #expect(try Data(contentsOf: file) == Data("two".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aThrowingChangeLeavesTheFileAsItWas() throws {
        struct Refused: Error {}
        let file = try PreferencesScratch.directory().appendingPathComponent("f.txt")
        try Data("kept".utf8).write(to: file)
        #expect(throws: Refused.self) { try LockedFileUpdate.update(file.path) { _ in throw Refused() } }
        #expect(try Data(contentsOf: file) == Data("kept".utf8))
    }

    @Test func threadsIncrementingOneCounterLoseNoIncrement() async throws {
        let file = try PreferencesScratch.directory().appendingPathComponent("counter")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<50 {
                        try LockedFileUpdate.update(file.path) { old in
                            let count = old.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
                            return Data(String(count + 1).utf8)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == "200")
    }

    @Test func removeDeletesUnderTheLock() throws {
        let file = try PreferencesScratch.directory().appendingPathComponent("f")
        #expect(try LockedFileUpdate.remove(file.path) == false)
        try Data("x".utf8).write(to: file)
        #expect(try LockedFileUpdate.remove(file.path))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aDirectoryThatCannotBeLockedIsAnError() {
        let error = #expect(throws: FileOperationError.self) {
            try LockedFileUpdate.update("/nonexistent-plistkit-directory/f") { _ in Data() }
        }
        #expect(error?.step == .lock)
        #expect(error?.description == "Could not lock '/nonexistent-plistkit-directory': No such file or directory.")
    }
}
