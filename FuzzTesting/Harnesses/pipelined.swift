import FoundationEssentials
@testable import PlistKit

/// libFuzzer entry point: the XML reader's pipelined parse (libxml2 on a second thread, handing
/// over tapes) against its one-thread parse.
///
/// The first byte picks the tape size (1 to 256 bytes, so that the two threads hand over at
/// every position); the rest is the document. The pipelined parse must give the one-thread
/// parse's verdict, and for an accepted document its value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 1 else { return 0 }
    let flushSize = Int(start.load(as: UInt8.self)) + 1
    let document = Data(bytes: start + 1, count: count - 1)
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
