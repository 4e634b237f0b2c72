import Testing
@testable import PlistKit

/// The one-pass check for distinct key identities (slot marks) against the quadratic one it
/// stands in for: the same answer on random runs, on runs whose values share slots without
/// being equal, and on the edge cases (zeros, repeats, runs over the limit, empty runs).
@Suite struct XMLDistinctKeysTests {
    /// Pushes `values` onto a fresh stack above `below` filler values and checks that both
    /// checks agree on the run from there, with one table of marks kept across many runs (as
    /// the builder keeps one across a document's dictionaries).
    static func expectSameAnswer(_ values: [UInt64], below: [UInt64], limit: Int, marks: inout SlotMarks) -> Bool {
        var stack = UnsafeStack<UInt64>()
        for value in below { stack.push(value) }
        for value in values { stack.push(value) }
        let quadratic = stack.holdsDistinctNonZero(from: below.count, limit: limit)
        let marked = stack.holdsDistinctNonZero(from: below.count, limit: limit, marks: &marks)
        #expect(quadratic == marked, "values \(values) limit \(limit)")
        return quadratic
    }

    /// A value whose cache slot is `slot` and whose other bits come from `random`.
    static func value(inSlot slot: Int, _ random: inout SeededRandom) -> UInt64 {
        let slotBits = UInt64(slot) << 40
        let mask: UInt64 = UInt64(XMLStringCache.slotCount - 1) << 40
        return (random.next() & ~mask) | slotBits | 1
    }

    @Test func agreesWithTheQuadraticCheckOnRandomRuns() {
        var random = SeededRandom(seed: 0xD157)
        var marks = SlotMarks()
        var answers = [false: 0, true: 0]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...30, using: &random)
            // Few slots make shared slots (and repeats) common; sometimes a zero slips in.
            let slots = [2, 8, 64, XMLStringCache.slotCount].randomElement(using: &random)!
            var pool: [UInt64] = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                Self.value(inSlot: Int.random(in: 0..<slots, using: &random), &random)
            }
            if Int.random(in: 0..<20, using: &random) == 0 { pool.append(0) }
            let values = (0..<length).map { _ in pool.randomElement(using: &random)! }
            let below = (0..<Int.random(in: 0...3, using: &random)).map { _ in random.next() }
            let limit = [4, 24, 100].randomElement(using: &random)!
            let answer = Self.expectSameAnswer(values, below: below, limit: limit, marks: &marks)
            answers[answer, default: 0] += 1
        }
        // Both answers were seen often: the comparison covered both outcomes.
        #expect(answers[true]! > 500 && answers[false]! > 500)
    }

    @Test func edgeCases() {
        var random = SeededRandom(seed: 0xED6E)
        var marks = SlotMarks()
        let a = Self.value(inSlot: 5, &random), b = Self.value(inSlot: 5, &random), c = Self.value(inSlot: 6, &random)
        #expect(a != b)
        #expect(Self.expectSameAnswer([], below: [], limit: 24, marks: &marks))
        #expect(Self.expectSameAnswer([], below: [a, b], limit: 24, marks: &marks))
        #expect(Self.expectSameAnswer([a], below: [a], limit: 24, marks: &marks))
        // Different values in one slot are still distinct.
        #expect(Self.expectSameAnswer([a, b, c], below: [], limit: 24, marks: &marks))
        #expect(!Self.expectSameAnswer([a, c, a], below: [], limit: 24, marks: &marks))
        #expect(!Self.expectSameAnswer([a, 0], below: [], limit: 24, marks: &marks))
        #expect(!Self.expectSameAnswer([0], below: [], limit: 24, marks: &marks))
        #expect(!Self.expectSameAnswer([a, b, c], below: [], limit: 2, marks: &marks))
        #expect(Self.expectSameAnswer([a, b, c], below: [], limit: 3, marks: &marks))
        // A new round forgets the previous one's marks.
        #expect(Self.expectSameAnswer([c], below: [], limit: 24, marks: &marks))
        #expect(Self.expectSameAnswer([c], below: [], limit: 24, marks: &marks))
    }
}
