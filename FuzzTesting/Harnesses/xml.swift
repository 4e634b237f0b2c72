import FoundationEssentials
import PlistKit

/// libFuzzer entry point: reads the input as xml and checks the round trip (see FuzzSupport).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzSupport.checkRoundTrip(Data(bytes: start, count: count), format: .xml)
    return 0
}
