// Fuzz target `json`: DiningHours' JSONParser on arbitrary bytes, without a value
// budget (as venued reads requests) and with a small one (as the feed decoder
// bounds a feed). Every input must parse or throw.
@testable import DiningHours

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let value = try? JSONParser.parse(bytes) {
        _ = value.kindName
        _ = value["v"]
    }
    _ = try? JSONParser.parse(bytes, maxValues: 100)
    return 0
}
