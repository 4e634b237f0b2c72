import FoundationEssentials
import PlistKit

/// libFuzzer entry point: the generic keyed-archive decode (any classes, nothing instantiated).
///
/// Reading must give a tree or a `KeyedArchiveError`; the tree, a plain value, must write as
/// binary and XML and read back equal (binary exactly; XML up to whole-second dates).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let tree: PlistValue
    do {
        let archive = try KeyedArchive(decoding: data, options: FuzzSupport.readingOptions)
        _ = archive.classSummaries
        tree = try archive.genericTree()
    } catch let error as KeyedArchiveError {
        guard !error.description.isEmpty else { fatalError("Fuzz check failed: an empty KeyedArchiveError description") }
        return 0
    } catch {
        fatalError("Fuzz check failed: the generic decode threw \(type(of: error)), not KeyedArchiveError: \(error)")
    }
    FuzzSupport.checkRoundTrip(tree, format: .binary)
    FuzzSupport.checkRoundTrip(tree, format: .xml)
    return 0
}
