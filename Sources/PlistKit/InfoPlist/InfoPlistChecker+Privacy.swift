extension InfoPlistChecker {
    /// The privacy strings the system needs before it grants what a background mode or a
    /// required device capability uses: any one of the keys listed will do.
    static let backgroundModeNeeds: [String: [String]] = [
        "location": locationKeys,
        "bluetooth-central": ["NSBluetoothAlwaysUsageDescription"],
        "bluetooth-peripheral": ["NSBluetoothAlwaysUsageDescription"],
    ]

    /// The same, for `UIRequiredDeviceCapabilities`.
    static let capabilityNeeds: [String: [String]] = [
        "still-camera": ["NSCameraUsageDescription"],
        "video-camera": ["NSCameraUsageDescription"],
        "auto-focus-camera": ["NSCameraUsageDescription"],
        "front-facing-camera": ["NSCameraUsageDescription"],
        "camera-flash": ["NSCameraUsageDescription"],
        "microphone": ["NSMicrophoneUsageDescription"],
        "location-services": locationKeys,
        "gps": locationKeys,
        "bluetooth-le": ["NSBluetoothAlwaysUsageDescription"],
        "nfc": ["NFCReaderUsageDescription"],
        "healthkit": ["NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription"],
    ]

    /// What location access needs: the while-in-use string, or the always one.
    private static let locationKeys = ["NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription"]

    /// Privacy strings that are empty, those that background modes and required capabilities
    /// need and the file lacks, and the while-in-use location string that the always one
    /// needs beside it. A background mode none of `platforms` reads needs nothing (Xcode
    /// removes it).
    func privacyFindings(in info: PlistDictionary, platforms: [InfoPlistPlatform]) -> [InfoPlistFinding] {
        var findings: [InfoPlistFinding] = []
        for (key, value) in info where InfoPlist.isUsageDescriptionKey(key) {
            if case .string(let text) = value, text.allSatisfy(\.isWhitespace) {
                findings.append(InfoPlistFinding(
                    .error, .emptyUsageDescription, at: PlistKeyPath(components: [key]),
                    "The privacy string is empty: the system shows it when it asks for access, and the App Store refuses a bundle without it."))
            }
        }
        func need(_ keys: [String]?, for what: String, at path: PlistKeyPath) {
            guard let keys, !keys.contains(where: { info[$0]?.string != nil }) else { return }
            let names = keys.count == 1 ? keys[0] : keys.dropLast().joined(separator: ", ") + " or " + keys[keys.count - 1]
            findings.append(InfoPlistFinding(
                .error, .missingUsageDescription, at: path,
                "\(what) needs \(names), the sentence the system shows when it asks for access."))
        }
        if case .array(let modes)? = info["UIBackgroundModes"] {
            for (index, mode) in modes.enumerated() {
                guard case .string(let name) = mode,
                    platforms.isEmpty || platforms.contains(where: { InfoPlistPlatformSupport.supports(backgroundMode: name, on: $0) })
                else { continue }
                need(Self.backgroundModeNeeds[name], for: "The background mode '\(name)'", at: PlistKeyPath(components: ["UIBackgroundModes", String(index)]))
            }
        }
        switch info["UIRequiredDeviceCapabilities"] {
        case .array(let names)?:
            for (index, name) in names.enumerated() {
                guard case .string(let name) = name else { continue }
                need(Self.capabilityNeeds[name], for: "The required capability '\(name)'",
                    at: PlistKeyPath(components: ["UIRequiredDeviceCapabilities", String(index)]))
            }
        case .dictionary(let entries)?:
            for (name, required) in entries where required.bool == true {
                need(Self.capabilityNeeds[name], for: "The required capability '\(name)'",
                    at: PlistKeyPath(components: ["UIRequiredDeviceCapabilities", name]))
            }
        default:
            break
        }
        if info["NSLocationAlwaysAndWhenInUseUsageDescription"] != nil, info["NSLocationWhenInUseUsageDescription"] == nil {
            findings.append(InfoPlistFinding(
                .error, .missingUsageDescription, at: "NSLocationWhenInUseUsageDescription",
                "NSLocationAlwaysAndWhenInUseUsageDescription needs NSLocationWhenInUseUsageDescription beside it: an app that asks for location always asks for it while in use first."))
        }
        return findings
    }
}
