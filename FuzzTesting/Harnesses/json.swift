import FoundationEssentials
import PlistKit

/// libFuzzer entry point: reads the input as json and checks the round trip (see FuzzSupport).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzSupport.checkRoundTrip(Data(bytes: start, count: count), format: .json)
    return 0
}
