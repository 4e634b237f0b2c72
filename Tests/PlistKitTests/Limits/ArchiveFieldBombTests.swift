import Foundation
import Testing
import PlistKit

/// A keyed archive whose object holds, inline in a field, a shared-reference bomb: 60 levels
/// of arrays each holding the next twice, ending in a UID (a 527-byte binary file; found for
/// the `graph` fuzz harness, `TestData/Regressions/graph/`). Reading the file shares the arrays;
/// everything that walks an archive's fields must walk each stored array a bounded number of
/// times, never once per path (2^60). Each check runs in an isolated child with a
/// processor-time cap, so a walk that expands fails the test rather than hanging the run.
@Suite struct ArchiveFieldBombTests {
    static let bytes = HandMadeBinaryPlist.archiveFieldBomb(levels: 60).bytes

    @Test func theRegressionFileIsTheBomb() throws {
        #expect(try Fixtures.data("Regressions/graph/archive-field-reference-bomb.bplist") == Self.bytes)
    }

    /// Reading the archive checks every UID of every field once per stored container; the
    /// object, referred to from `$top` and from the bomb's shared leaf, counts as shared.
    @Test func readingTheArchiveEnds() async {
        await #expect(processExitsWith: .exitCode(0), "KeyedArchive(decoding:) expanded the field's shared arrays") {
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                guard let archive = try? KeyedArchive(decoding: ArchiveFieldBombTests.bytes) else { return 1 }
                guard case .instance(let instance)? = archive.rootObject, instance.className == "NSArray" else { return 2 }
                return 0
            }
        }
    }

    /// The object graph (what `plist-inspect graph` draws) is `$top`, the object and an edge
    /// back to itself labelled by the first path only: each stored array is reported once,
    /// and the last holds the UID twice.
    @Test func theGraphEnds() async {
        await #expect(processExitsWith: .exitCode(0), "The archive's graph expanded the field's shared arrays") {
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                guard let archive = try? KeyedArchive(decoding: ArchiveFieldBombTests.bytes),
                    let graph = try? archive.graph()
                else { return 1 }
                guard graph.nodes.count == 2, graph.edges.count == 2 else { return 2 }
                let selfLoop = graph.edges.first { $0.from == 1 && $0.to == 1 }
                let first = "f" + String(repeating: "[0]", count: 60)
                guard let selfLoop, selfLoop.labels == [first + "[0]", first + "[1]"], selfLoop.omittedLabels == 0, selfLoop.isInCycle
                else { return 3 }
                _ = PlistGraphDOTWriter().dot(of: graph, title: "bomb")
                return 0
            }
        }
    }

    /// A secure decode checks the classes of every object the root reaches, walking the
    /// fields for UIDs: each stored array once.
    @Test func checkingTheAllowedClassesEnds() async {
        await #expect(processExitsWith: .exitCode(0), "The allow-list walk expanded the field's shared arrays") {
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                do {
                    _ = try KeyedUnarchiver.unarchivedObject(ofClass: PlistValue.self, from: ArchiveFieldBombTests.bytes)
                } catch let error as KeyedArchiveError {
                    return error.description.isEmpty ? 2 : 0
                } catch {
                    return 3
                }
                return 0
            }
        }
    }
}

extension ArchiveFieldBombTests {
    /// The readable tree (`plist-inspect unarchive`) shows a stored array again at each place
    /// only while the tree stays under `maximumExpandedValues`, then fails with the limit.
    @Test func theGenericTreeStopsAtItsLimit() async {
        await #expect(processExitsWith: .exitCode(0), "genericTree() expanded the field's shared arrays") {
            IsolatedRun.run(seconds: LimitExpectations.hangSeconds) {
                do {
                    _ = try KeyedArchive(decoding: ArchiveFieldBombTests.bytes).genericTree()
                    return 1
                } catch let error as KeyedArchiveError {
                    return error.code == .limitExceeded && error.description.contains("passes 1048576 values") ? 0 : 2
                } catch {
                    return 3
                }
            }
        }
    }

    /// A field array stored once and used twice is shown at both places, as before.
    @Test func aSharedFieldArrayUnderTheLimitIsShownAtEachPlace() throws {
        let bytes = HandMadeBinaryPlist.archiveFieldBomb(levels: 3).bytes
        let tree = try KeyedArchive(decoding: bytes).genericTree()
        let field = try tree.value(at: "root.f")
        let leaf: PlistValue = ["$ref": 1]
        let level2: PlistValue = [leaf, leaf]
        let level1: PlistValue = [level2, level2]
        #expect(field == [[level1, level1], [level1, level1]])
    }
}
