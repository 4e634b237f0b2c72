import FoundationEssentials

/// A top-level encoder that encodes values needing a configuration
/// (`EncodableWithConfiguration`): ``PlistEncoder`` and ``ArchiveEncoder``. Adopting it gives
/// the overload taking a provider type, as Foundation's `PropertyListEncoder` has it for the
/// `CodableConfiguration` property wrapper's types.
public protocol EncodingWithConfiguration {
    /// Encodes `value`, whose `encode(to:configuration:)` runs on the top-level encoder.
    func encode<Value: EncodableWithConfiguration>(_ value: Value, configuration: Value.EncodingConfiguration) throws -> Data
}

extension EncodingWithConfiguration {
    /// Encodes `value` with the configuration `provider` supplies.
    ///
    /// - Throws: as ``encode(_:configuration:)``.
    public func encode<Value, Provider: EncodingConfigurationProviding>(
        _ value: Value, configuration provider: Provider.Type
    ) throws -> Data where Value: EncodableWithConfiguration, Value.EncodingConfiguration == Provider.EncodingConfiguration {
        try encode(value, configuration: provider.encodingConfiguration)
    }
}

/// A top-level decoder that decodes types needing a configuration
/// (`DecodableWithConfiguration`): ``PlistDecoder`` and ``ArchiveDecoder``. Adopting it gives
/// the overload taking a provider type, as Foundation's `PropertyListDecoder` has it.
public protocol DecodingWithConfiguration {
    /// Decodes a value of `type` from `data`; the type's `init(from:configuration:)` runs on
    /// the top-level decoder.
    func decode<Value: DecodableWithConfiguration>(
        _ type: Value.Type, from data: Data, configuration: Value.DecodingConfiguration
    ) throws -> Value
}

extension DecodingWithConfiguration {
    /// Decodes a value of `type` with the configuration `provider` supplies.
    ///
    /// - Throws: as ``decode(_:from:configuration:)``.
    public func decode<Value, Provider: DecodingConfigurationProviding>(
        _ type: Value.Type, from data: Data, configuration provider: Provider.Type
    ) throws -> Value where Value: DecodableWithConfiguration, Value.DecodingConfiguration == Provider.DecodingConfiguration {
        try decode(type, from: data, configuration: provider.decodingConfiguration)
    }
}
