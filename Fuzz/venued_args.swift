// Fuzz target `venued_args`: venued's command line (Invocation.parse over the Setting
// table; arguments are the input cut at NUL bytes), the overrides then applied to a
// Config as ConfigLoader applies them.
@testable import venued

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let arguments = fuzzArguments(fuzzBytes(data, size)[...])
    guard case .run(let overrides)? = try? Invocation.parse(arguments) else { return 0 }
    var config = Config(environment: ["HOME": "/home/fuzz"], uid: 1000)
    for (setting, value) in overrides { try? setting.apply(&config, value) }
    return 0
}
