import FoundationEssentials
import PlistKit

/// libFuzzer entry point: format detection, then reading in the detected format.
///
/// Checks that detection never traps, that `PlistValue(decoding:)` (detecting) and reading with
/// the detected format explicitly agree, and the round trip in the detected format.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let detected = PlistFormat(detecting: data)
    let automatic = Result { try PlistDocument(decoding: data, format: nil, options: FuzzSupport.readingOptions) }
    guard let detected else {
        if case .success(let document) = automatic {
            fatalError("Fuzz check failed: no format was detected, yet the input read as \(document.format)")
        }
        return 0
    }
    let explicit = Result { try PlistDocument(decoding: data, format: detected, options: FuzzSupport.readingOptions) }
    switch (automatic, explicit) {
    case let (.success(a), .success(b)):
        guard a.format == detected else {
            fatalError("Fuzz check failed: detected \(detected) but read as \(a.format)")
        }
        // Comparing expands shared references: skip values past the budget (see FuzzSupport).
        guard FuzzSupport.isExpansionSmall(a.value, budget: FuzzSupport.expansionBudget) else { return 0 }
        guard a.value == b.value else {
            fatalError("Fuzz check failed: detected and explicit reading as \(detected) disagree")
        }
        FuzzSupport.checkRoundTrip(a.value, format: detected)
    case let (.failure(a), .failure(b)):
        FuzzSupport.expectPlistError(a, "reading with detection")
        FuzzSupport.expectPlistError(b, "reading as \(detected)")
    default:
        fatalError("Fuzz check failed: reading with detection and as \(detected) disagree on success")
    }
    return 0
}
