extension PlistValue {
    /// Calls `body` with every dictionary key and string of this value, at any depth, in
    /// document order (an entry's key, then its value), with its key path (for a key, the
    /// path of its entry) and whether it is a key: what build-setting expansion and the
    /// check for unexpanded settings read.
    ///
    /// Iterative, so a deep value costs no stack.
    func forEachKeyAndString<E: Error>(_ body: (String, PlistKeyPath, _ isKey: Bool) throws(E) -> Void) throws(E) {
        var pending: [(value: PlistValue, path: PlistKeyPath, key: String?)] = [(self, .root, nil)]
        while let (current, path, key) = pending.popLast() {
            if let key { try body(key, path, true) }
            switch current {
            case .string(let text):
                try body(text, path, false)
            case .dictionary(let dictionary):
                for (key, child) in zip(dictionary.keys, dictionary.values).reversed() {
                    pending.append((child, path.appending(key), key))
                }
            case .array(let elements):
                for (index, child) in elements.enumerated().reversed() {
                    pending.append((child, path.appending(index: index), nil))
                }
            default:
                break
            }
        }
    }
}
