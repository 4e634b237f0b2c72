/// A dictionary in memory is looked up directly.
extension PlistDictionary: PlistDecodingDictionary {
    func node(forKey key: String) -> PlistValue? { self[key] }
}
