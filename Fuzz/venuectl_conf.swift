// Fuzz target `venuectl_conf`: venuectl.conf read from $XDG_CONFIG_HOME/venued (a
// scratch directory) by VenuectlConfig, as `venuectl status` and `venuectl notify`
// read it: every key checked through its command's flags, then applied to no flags,
// to `--all --json`, and to notify's `--before 10`.
import Glibc
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlGrammar
@testable import VenuedProtocol
@testable import VenuectlApp

let environment = ["XDG_CONFIG_HOME": fuzzScratch]
let path: String = {
    mkdir(fuzzScratch + "/venued", 0o700)
    return fuzzScratch + "/venued/venuectl.conf"
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzWrite(fuzzBytes(data, size), to: path)
    _ = try? StatusOptions.parse([], environment: environment)
    _ = try? StatusOptions.parse(["--all", "--json", "1920"], environment: environment)
    _ = try? NotifyOptions.parse([], environment: environment)
    _ = try? NotifyOptions.parse(["--before", "10"], environment: environment)
    return 0
}
