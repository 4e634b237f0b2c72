/// A Codable model of a music library, as the Codable operations decode and encode it.
protocol ChecksummedModel: Codable {
    /// A value both decoders must agree on, computed after the clock stops, from enough of the
    /// model to show that both read the same values.
    var checksum: UInt64 { get }
}
