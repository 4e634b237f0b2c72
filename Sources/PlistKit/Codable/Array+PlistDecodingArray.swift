/// An array in memory is indexed directly.
extension Array: PlistDecodingArray where Element == PlistValue {
    func node(at index: Int) -> PlistValue { self[index] }
}
