import FoundationEssentials
import PlistKit

/// A Codable type touching every primitive the decoder maps (and a recursive member), so the
/// fuzzer reaches every unboxing path.
struct FuzzModel: Codable, Equatable {
    var name: String?
    var count: Int?
    var small: Int8?
    var big: UInt64?
    var huge: UInt128?
    var ratio: Double?
    var single: Float?
    var flag: Bool?
    var when: Date?
    var blob: Data?
    var tags: [String]?
    var table: [String: Int]?
    var matrix: [[Int16]]?
    var children: [FuzzModel]?
    var optionalItems: [String?]?

    /// Reals compare by bit pattern, so NaN round-trips compare equal.
    static func == (a: FuzzModel, b: FuzzModel) -> Bool {
        a.name == b.name && a.count == b.count && a.small == b.small && a.big == b.big && a.huge == b.huge
            && a.ratio?.bitPattern == b.ratio?.bitPattern && a.single?.bitPattern == b.single?.bitPattern
            && a.flag == b.flag && a.when?.timeIntervalSinceReferenceDate.bitPattern == b.when?.timeIntervalSinceReferenceDate.bitPattern
            && a.blob == b.blob && a.tags == b.tags && a.table == b.table && a.matrix == b.matrix
            && a.children == b.children && a.optionalItems == b.optionalItems
    }
}

/// libFuzzer entry point: PlistDecoder on any bytes (format detected).
///
/// Decoding must give a model or a `DecodingError` (never a crash or another error type); a
/// model decoded re-encodes with PlistEncoder as binary (lossless) and decodes back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var decoder = PlistDecoder()
    decoder.readingOptions = FuzzSupport.readingOptions
    let model: FuzzModel
    do {
        model = try decoder.decode(FuzzModel.self, from: data)
    } catch let error as DecodingError {
        _ = "\(error)"
        return 0
    } catch {
        fatalError("Fuzz check failed: PlistDecoder threw \(type(of: error)), not DecodingError: \(error)")
    }
    let encoded: Data
    do {
        encoded = try PlistEncoder(outputFormat: .binary).encode(model)
    } catch {
        fatalError("Fuzz check failed: PlistEncoder could not write a model PlistDecoder read: \(error)")
    }
    do {
        let again = try decoder.decode(FuzzModel.self, from: encoded)
        guard again == model else {
            fatalError("Fuzz check failed: the model changed through PlistEncoder and PlistDecoder:\n\(model)\n\(again)")
        }
    } catch {
        fatalError("Fuzz check failed: PlistDecoder cannot read PlistEncoder's output: \(error)")
    }
    return 0
}
