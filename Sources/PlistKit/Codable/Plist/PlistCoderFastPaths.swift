/// The internal switches that turn ``PlistEncoder``'s and ``PlistDecoder``'s speed shortcuts
/// off, so that tests can compare what a shortcut gives with what the general path it stands
/// for gives. Every switch is on unless a test turns it off; the coders hold one value of
/// this struct (`fastPaths`), never a switch of their own.
struct PlistCoderFastPaths {
    /// Whether ``PlistEncoder`` writes binary and XML straight from its tree of containers
    /// (`PlistEncodingBinaryWriter`, `PlistEncodingXMLWriter`) rather than finishing it into a
    /// value for the format's writer.
    var encoderWritesFromItsTree = true
    /// Whether ``PlistEncoder`` and ``PlistDecoder`` code `[String: Value]` themselves
    /// (`PlistStringKeyedDictionary`) rather than through the standard library's conformance.
    var codersHandleStringKeyedDictionaries = true
}
