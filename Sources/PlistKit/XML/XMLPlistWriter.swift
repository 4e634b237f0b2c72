import FoundationEssentials

/// Writes XML property lists whose bytes equal those of Apple's writer (CoreFoundation's
/// `CFPropertyListCreateData`, which `PropertyListSerialization` uses), with two deliberate
/// exceptions where that writer loses information (see Docs/XML.md):
///
/// - a carriage return in text is written as `&#13;`, because every conforming XML parser
///   (libxml2, expat, and so this package's reader) turns a raw CR into LF;
/// - the real `-0.0` is written as `-0.0`, where CoreFoundation writes `0.0`.
///
/// The byte rules: the header and DOCTYPE, one tab per level of nesting, keys sorted by UTF-16
/// code units (CoreFoundation sorts with `CFStringCompare`, a literal UTF-16 comparison), `<dict/>`
/// and `<array/>` for empty containers, base64 lines of `76 - 8 × min(depth, 8)` characters
/// indented by `min(depth, 8)` tabs, reals as `%.17g` with `nan`, `+infinity`, `-infinity` and
/// `0.0`, dates in whole seconds (rounded down) as `%04d-%02d-%02dT%02d:%02d:%02dZ` on the
/// proleptic Gregorian calendar, only `&`, `<` and `>` escaped, and a UID as a one-key
/// `CF$UID` dictionary.
enum XMLPlistWriter {
    static let header: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The largest date magnitude written, in seconds from 2001: 2⁵³, the last whole second a
    /// `Double` holds exactly (about 285 million years); the reader accepts the same range.
    static let dateLimit: Double = 9_007_199_254_740_992

    /// Writes `value` as an XML property list.
    ///
    /// - Throws: ``PlistError/Code/unrepresentableValue`` with the key path when a string holds
    ///   a character XML 1.0 cannot carry or a date is not finite or beyond ±2⁵³ seconds
    ///   (``ConversionLossAnalyzer`` normally finds these first).
    /// - Complexity: O(n log n) in the size of the tree (sorting keys).
    static func write(_ value: PlistValue, options: PlistWritingOptions) throws -> Data {
        do {
            return try document(options: options) { try $0.emit(value, depth: 0) }
        } catch let failure as Unrepresentable {
            // Outside strict writing, ConversionLossAnalyzer leaves these checks to this
            // writer, which meets them anyway while escaping (scanning every string twice
            // cost a tenth of a write). The error is rebuilt exactly as the analyzer words it,
            // for the first such value in the analyzer's walking order.
            guard let (path, found, reason) = firstUnrepresentable(in: value) else {
                throw PlistError(.unrepresentableValue, "Cannot write \(failure.kind.nameWithArticle) as XML: \(failure.reason)")
            }
            throw unrepresentableError(path: path, kind: found.kind, reason: reason)
        }
    }

    /// Writes `value` as an XML property list, handing the bytes to `sink` in pieces of about
    /// ``drainSize`` bytes as they are made, so that the whole document is never held in
    /// memory (a binary input's XML is several times its size).
    ///
    /// Nothing reaches `sink` before the whole tree is known to be writable: the check for
    /// what XML cannot hold, which ``write(_:options:)`` leaves to the escaping, runs first,
    /// unless `isKnownWritable` says the caller's own walk over every value already made it
    /// (``ConversionLossAnalyzer``'s `firstUnwritable`).
    ///
    /// - Throws: as ``write(_:options:)``, or what `sink` throws.
    static func write(
        _ value: PlistValue, options: PlistWritingOptions, isKnownWritable: Bool = false, to sink: (Data) throws -> Void
    ) throws {
        if !isKnownWritable, let (path, found, reason) = firstUnrepresentable(in: value) {
            throw unrepresentableError(path: path, kind: found.kind, reason: reason)
        }
        try withoutActuallyEscaping(sink) { sink in
            _ = try document(options: options, sink: sink) { try $0.emit(value, depth: 0) }
        }
    }

    /// The output a streaming write (``write(_:options:to:)``) collects before handing it on.
    static let drainSize = 1 << 20

    /// The error for a value of `kind` at `path`, which XML cannot hold for `reason`, worded
    /// as ``ConversionLossAnalyzer`` words it.
    static func unrepresentableError(path: [String], kind: PlistValue.Kind, reason: String) -> PlistError {
        PlistError(
            .unrepresentableValue,
            "Cannot write \(kind.nameWithArticle) as \(PlistFormat.xml.plutilName): \(reason)",
            at: .keyPath(PlistKeyPath(components: path)))
    }

    /// A whole document: the header, what `body` emits as the root (at depth 0) with an
    /// emitter set up for `options`, and the closing tag; also for writers that emit the root
    /// from a tree of their own.
    ///
    /// With a `sink`, the output goes there in pieces as it is made (see
    /// ``Emitter/drainIfFull()``) and the `Data` returned is empty.
    ///
    /// - Throws: what `body` or `sink` throws (the emitter's ``Unrepresentable``, for one),
    ///   or ``PlistError`` with ``PlistError/Code/limitExceeded`` when the memory for the
    ///   output could not be had.
    static func document(
        options: PlistWritingOptions, sink: ((Data) throws -> Void)? = nil, _ body: (inout Emitter) throws -> Void
    ) throws -> Data {
        var emitter = Emitter(sortsKeys: options.sortsKeys(for: .xml), realStyle: options.xmlRealStyle, sink: sink)
        emitter.append(header)
        // `%.17g` must not take the host program's decimal separator from its locale.
        try CNumericLocale.withCNumericLocale { try body(&emitter) }
        emitter.append("</plist>\n")
        if emitter.out.hasOverflowed {
            throw PlistError(
                .limitExceeded,
                "The XML writer could not get the memory for \(emitter.out.failedCapacity) bytes of output",
                at: .keyPath(.root))
        }
        if let sink {
            try emitter.out.drain(into: sink)
            return Data()
        }
        return emitter.out.finish() ?? Data()
    }
}
