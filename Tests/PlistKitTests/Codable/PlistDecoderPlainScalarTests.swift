import Foundation
import Testing
@testable import PlistKit

/// The decoder's plain-scalar readers (integers, reals, booleans, dates and strings read without
/// the general path's value wrappers, from binary bytes or from a value tree) against the
/// general path: the same values, the same errors, field by field, on random
/// dictionaries of every kind of value read as every scalar type, on damaged bytes and under
/// tight object limits.
@Suite struct PlistDecoderPlainScalarTests {
    /// One field read: a key, the type it is read as, and whether through `decodeIfPresent`.
    struct Request: Sendable {
        var key: String
        var type: Int
        var optional: Bool
    }

    static let requestsKey = CodingUserInfoKey(rawValue: "plistKitPlainScalarRequests")!
    static let keys = ["a", "b", "Track ID", "Name", "a key longer than fifteen bytes", "é", "e\u{301}", "n", "z"]
    static let typeCount = 16

    /// Reads the requested fields in order and records each outcome (the value, or the error),
    /// carrying on after an error.
    struct Probe: Decodable, Equatable {
        var outcomes: [String]

        init(from decoder: any Decoder) throws {
            let requests = decoder.userInfo[PlistDecoderPlainScalarTests.requestsKey] as? [Request] ?? []
            let container = try decoder.container(keyedBy: PlistCodingKey.self)
            outcomes = requests.map { request in
                let key = PlistCodingKey(stringValue: request.key)
                do {
                    return "\(request.key) as \(request.type): " + (try Self.read(request, key, container))
                } catch {
                    return "\(request.key) as \(request.type): \(PlistDecoderErrorTests.Summary(error))"
                }
            }
        }

        static func read(_ request: Request, _ key: PlistCodingKey, _ c: KeyedDecodingContainer<PlistCodingKey>) throws -> String {
            func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "nil" }
            switch (request.type, request.optional) {
            case (0, false): return text(try c.decode(Bool.self, forKey: key))
            case (0, true): return text(try c.decodeIfPresent(Bool.self, forKey: key))
            case (1, false): return text(try c.decode(String.self, forKey: key))
            case (1, true): return text(try c.decodeIfPresent(String.self, forKey: key))
            case (2, false): return text(try c.decode(Double.self, forKey: key))
            case (2, true): return text(try c.decodeIfPresent(Double.self, forKey: key))
            case (3, false): return text(try c.decode(Float.self, forKey: key))
            case (3, true): return text(try c.decodeIfPresent(Float.self, forKey: key))
            case (4, false): return text(try c.decode(Int.self, forKey: key))
            case (4, true): return text(try c.decodeIfPresent(Int.self, forKey: key))
            case (5, false): return text(try c.decode(Int8.self, forKey: key))
            case (5, true): return text(try c.decodeIfPresent(Int8.self, forKey: key))
            case (6, false): return text(try c.decode(Int16.self, forKey: key))
            case (6, true): return text(try c.decodeIfPresent(Int16.self, forKey: key))
            case (7, false): return text(try c.decode(Int32.self, forKey: key))
            case (7, true): return text(try c.decodeIfPresent(Int32.self, forKey: key))
            case (8, false): return text(try c.decode(Int64.self, forKey: key))
            case (8, true): return text(try c.decodeIfPresent(Int64.self, forKey: key))
            case (9, false): return text(try c.decode(UInt.self, forKey: key))
            case (9, true): return text(try c.decodeIfPresent(UInt.self, forKey: key))
            case (10, false): return text(try c.decode(UInt8.self, forKey: key))
            case (10, true): return text(try c.decodeIfPresent(UInt8.self, forKey: key))
            case (11, false): return text(try c.decode(UInt16.self, forKey: key))
            case (11, true): return text(try c.decodeIfPresent(UInt16.self, forKey: key))
            case (12, false): return text(try c.decode(UInt32.self, forKey: key))
            case (12, true): return text(try c.decodeIfPresent(UInt32.self, forKey: key))
            case (13, false): return text(try c.decode(UInt64.self, forKey: key))
            case (13, true): return text(try c.decodeIfPresent(UInt64.self, forKey: key))
            case (14, false): return text(try c.decode(Date.self, forKey: key).timeIntervalSinceReferenceDate)
            case (14, true): return text(try c.decodeIfPresent(Date.self, forKey: key)?.timeIntervalSinceReferenceDate)
            case (_, false): return text(try c.decode(Data.self, forKey: key))
            case (_, true): return text(try c.decodeIfPresent(Data.self, forKey: key))
            }
        }
    }

    /// A value of a random kind, favouring the edges of every integer width and of the reals
    /// that convert to integers, strings that are the null marker, and repeats (the binary
    /// writer shares equal values, so several keys reach one object).
    static func randomValue(_ random: inout SeededRandom) -> PlistValue {
        let integers: [PlistInteger] = [
            PlistInteger(Int64(0)), PlistInteger(Int64(1)), PlistInteger(Int64(-1)), PlistInteger(Int64(127)),
            PlistInteger(Int64(128)), PlistInteger(Int64(255)), PlistInteger(Int64(256)), PlistInteger(Int64(-129)),
            PlistInteger(Int64(65_535)), PlistInteger(Int64(65_536)), PlistInteger(Int64(Int32.max)),
            PlistInteger(Int64(UInt32.max)), PlistInteger(Int64(UInt32.max) + 1), PlistInteger(Int64.max),
            PlistInteger(Int64.min), PlistInteger(UInt64.max), PlistInteger(UInt64(Int64.max) + 1),
            PlistInteger(Int64(bitPattern: random.next())),
        ]
        let reals: [Double] = [0, -0.0, 1.5, 3, -128, 255, 1e300, .nan, .infinity, 0x1p63, 0x1p64, 12_345.678]
        let strings = ["", "x", "$null", "héllo", "日本語", "a string of more than fifteen bytes", "12", "$null "]
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1: return .integer(integers.randomElement(using: &random)!)
        case 2: return .real(reals.randomElement(using: &random)!)
        case 3: return .boolean(Bool.random(using: &random))
        case 4: return .date(Date(timeIntervalSinceReferenceDate: [0, -1.5, 7e8, 1e12].randomElement(using: &random)!))
        case 5, 6: return .string(strings.randomElement(using: &random)!)
        case 7: return .data(Data([1, 2, 3].prefix(Int.random(in: 0...3, using: &random))))
        default: return Bool.random(using: &random) ? [1, "a"] : ["k": 1]
        }
    }

    static func randomCase(_ random: inout SeededRandom) -> (PlistValue, [Request]) {
        var dictionary = PlistDictionary()
        for key in keys where Int.random(in: 0..<4, using: &random) > 0 {
            dictionary[key] = randomValue(&random)
        }
        let requests = (0..<Int.random(in: 1...20, using: &random)).map { _ in
            Request(key: keys.randomElement(using: &random)!, type: Int.random(in: 0..<typeCount, using: &random),
                    optional: Bool.random(using: &random))
        }
        return (.dictionary(dictionary), requests)
    }

    static func decoder(_ requests: [Request], plain: Bool, lazy: Bool = true, realToInteger: PlistDecoder.RealToIntegerStrategy = .whenExact,
                        objectLimit: Int? = nil) -> PlistDecoder {
        var decoder = PlistDecoder()
        decoder.userInfo = [requestsKey: requests]
        decoder.usesPlainScalarReads = plain
        decoder.decodesBinaryLazily = lazy
        decoder.realToIntegerStrategy = realToInteger
        if let objectLimit { decoder.readingOptions.maximumObjectCount = objectLimit }
        return decoder
    }

    /// The probe's outcomes, or the error of the whole decode.
    static func outcome(_ decoder: PlistDecoder, _ bytes: Data) -> [String] {
        do {
            return try decoder.decode(Probe.self, from: bytes).outcomes
        } catch {
            return ["decode failed: \(PlistDecoderErrorTests.Summary(error))"]
        }
    }

    /// The outcomes of decoding `bytes` with the plain readers, after checking that the
    /// general path gives the same ones (`nil`, with the failure recorded, when it does not).
    static func plainMatchingGeneral(
        _ requests: [Request], _ bytes: Data, _ label: String, lazy: Bool = true,
        realToInteger: PlistDecoder.RealToIntegerStrategy = .whenExact, objectLimit: Int? = nil
    ) -> [String]? {
        let plain = outcome(decoder(requests, plain: true, lazy: lazy, realToInteger: realToInteger, objectLimit: objectLimit), bytes)
        let general = outcome(decoder(requests, plain: false, lazy: lazy, realToInteger: realToInteger, objectLimit: objectLimit), bytes)
        #expect(plain == general, "\(label)")
        return plain == general ? plain : nil
    }

    @Test func plainReadsGiveWhatTheGeneralPathGives() throws {
        var random = SeededRandom(seed: 0x91A1)
        var valuesRead = 0
        for round in 0..<3_000 {
            let (tree, requests) = Self.randomCase(&random)
            let bytes = try tree.encoded(as: .binary)
            let strategy: PlistDecoder.RealToIntegerStrategy = Bool.random(using: &random) ? .whenExact : .never
            // From the bytes, and from the eager reader's value tree; both ways the same.
            guard let plain = Self.plainMatchingGeneral(requests, bytes, "round \(round)", realToInteger: strategy),
                let eager = Self.plainMatchingGeneral(requests, bytes, "round \(round), eager", lazy: false, realToInteger: strategy)
            else { return }
            #expect(plain == eager, "round \(round)")
            if plain != eager { return }
            valuesRead += plain.filter { !$0.hasSuffix(": nil") && !$0.contains(" at '") }.count
        }
        // The rounds compared values read, not only errors.
        #expect(valuesRead > 2_000)
    }

    /// Damaged bytes: whatever the plain readers make of an object, the general path makes
    /// the same (values, or errors with the same path and words).
    @Test func damagedBytesFailTheSameWay() throws {
        var random = SeededRandom(seed: 0xDA3A6E)
        var differentFromIntact = 0
        for round in 0..<3_000 {
            let (tree, requests) = Self.randomCase(&random)
            let intact = try tree.encoded(as: .binary)
            var bytes = [UInt8](intact)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                // The object table and the offset table, not the trailer (which fails at once).
                let position = Int.random(in: 8..<(bytes.count - 32), using: &random)
                bytes[position] = [0x00, 0x0F, 0x10, 0x13, 0x14, 0x23, 0x22, 0x33, 0x5F, 0x6F, 0xFF, UInt8.random(in: 0...255, using: &random)]
                    .randomElement(using: &random)!
            }
            guard let plain = Self.plainMatchingGeneral(requests, Data(bytes), "round \(round)") else { return }
            if plain != Self.outcome(Self.decoder(requests, plain: true), intact) { differentFromIntact += 1 }
        }
        // Enough of the damage reached the fields read to matter.
        #expect(differentFromIntact > 300)
    }

    /// Object limits low enough to stop the decode part way: the plain readers count objects
    /// and values exactly as the general path does, so the same read is the first to fail.
    @Test func objectLimitsStopAtTheSameRead() throws {
        var random = SeededRandom(seed: 0x113175)
        var stopped = 0
        for round in 0..<2_000 {
            let (tree, requests) = Self.randomCase(&random)
            let bytes = try tree.encoded(as: .binary)
            let limit = Int.random(in: 1...12, using: &random)
            guard let plain = Self.plainMatchingGeneral(requests, bytes, "round \(round), limit \(limit)", objectLimit: limit) else { return }
            if plain.contains(where: { $0.contains("limit") }) { stopped += 1 }
        }
        #expect(stopped > 200)
    }
}
