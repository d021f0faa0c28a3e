// Fuzz target `venued_config`: venued's config file (`key = value` lines, ConfigFile),
// each setting then applied to a Config as ConfigLoader applies it, and each prompt line
// read as ConfigLoader reads it (ArgumentWords, then venuectl's status grammar).
@testable import venued

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    guard let contents = try? ConfigFile.parse(text, path: "/home/fuzz/.config/venued/config") else { return 0 }
    var config = Config(environment: ["HOME": "/home/fuzz"], uid: 1000)
    for (setting, value) in contents.settings { try? setting.apply(&config, value) }
    for line in contents.prompts.prefix(PromptSetting.limit) {
        _ = PromptSetting(name: line.name, value: line.value, location: line.location, environment: ["HOME": "/home/fuzz"])
    }
    return 0
}
