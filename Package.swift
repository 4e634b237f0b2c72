// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PlistKit",
    products: [
        .library(name: "PlistKit", targets: ["PlistKit"]),
        // Bridging to Foundation's property-list objects and Cocoa errors: apart, so that
        // PlistKit and plist-inspect never load Foundation and its ICU data.
        .library(name: "PlistKitFoundation", targets: ["PlistKitFoundation"]),
        .executable(name: "plist-inspect", targets: ["plist-inspect"]),
    ],
    targets: [
        // libxml2 from the system (Debian: libxml2-dev). Only CPlistKitSupport's XMLReader.c uses it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // C helpers for what Swift cannot call directly (printf-style formatting, a prefetch
        // hint) and the XML reader's half that drives libxml2, one C file per concern.
        .target(name: "CPlistKitSupport", dependencies: ["CLibXML2"]),
        .target(
            name: "PlistKit",
            dependencies: ["CPlistKitSupport"]
        ),
        .target(
            name: "PlistKitFoundation",
            dependencies: ["PlistKit"]
        ),
        .executableTarget(
            name: "plist-inspect",
            dependencies: ["PlistKit"]
        ),
        .testTarget(
            name: "PlistKitTests",
            dependencies: ["PlistKit", "PlistKitFoundation"]
        ),
        .testTarget(
            name: "PlistInspectTests",
            dependencies: ["PlistKit", "PlistKitFoundation", "plist-inspect"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
