import FoundationEssentials
@testable import PlistKit

/// A model read the ways a streaming decode reads open containers: a `[String: T]` entry by
/// entry, arrays element by element, keys looked up one at a time.
struct StreamedModel: Decodable, Equatable {
    var name: String?
    var count: Int?
    var table: [String: Int]?
    var nested: [String: [String: String]]?
    var items: [Int]?
    var children: [StreamedModel]?
}

/// libFuzzer entry point: XML decoded while libxml2 still reads it, against the general path.
///
/// The first byte picks the tape size (1 to 256 bytes, so that the decoder and the parse
/// hand over at every position); the rest is the document. PlistDecoder streaming it (on two
/// threads) must give exactly what it gives without streaming: the same model, or the same
/// error. And the reader's pipelined parse must build what its one-thread parse builds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 1 else { return 0 }
    let flushSize = Int(start.load(as: UInt8.self)) + 1
    let document = Data(bytes: start + 1, count: count - 1)

    var streaming = PlistDecoder()
    streaming.smallestStreamedXML = 0
    streaming.streamingTapeFlushSize = flushSize
    var general = PlistDecoder()
    general.readingOptions.readsLargeXMLConcurrently = false
    let streamed = Result { try streaming.decode(StreamedModel.self, from: document) }
    let reference = Result { try general.decode(StreamedModel.self, from: document) }
    switch (streamed, reference) {
    case let (.success(a), .success(b)):
        precondition(a == b, "streaming decoded another model")
    case let (.failure(a), .failure(b)):
        precondition("\(a)" == "\(b)", "streaming failed otherwise: \(a) against \(b)")
    default:
        preconditionFailure("streaming and the general path disagree: \(streamed) against \(reference)")
    }

    document.withUnsafeBytes { raw in
        let pipelined = XMLPlistTreeBuilder(options: PlistReadingOptions())
        XMLSAXParser.parse(raw, ignoringDeclaredEncoding: false, feed: .pipelined(tapeFlushSize: flushSize), into: pipelined)
        let single = XMLPlistTreeBuilder(options: PlistReadingOptions())
        XMLSAXParser.parse(raw, ignoringDeclaredEncoding: false, feed: .memory, into: single)
        // A document with a NUL byte goes to the push parser in one-thread mode and fails the
        // pipelined parse (the reader then parses it with the push parser).
        if !raw.contains(0) {
            precondition((pipelined.failure == nil) == (single.failure == nil), "pipelined verdict differs")
            // (A failed parse's partial value depends on where it stopped reading; only an
            // accepted document's value is a result.)
            if single.failure == nil {
                precondition(pipelined.root == single.root, "pipelined parse built another value")
            }
        }
    }
    return 0
}
