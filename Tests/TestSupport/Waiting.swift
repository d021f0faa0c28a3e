import Foundation
import Glibc

/// Checks `condition` every 20 ms until it holds, for at most `seconds` (and as many
/// checks as fit in them): the bounded wait that replaces a fixed sleep. The bound is a
/// failure's timeout, not a measure: it is generous so that a loaded machine passes.
public func waitUntil(_ what: String, seconds: Double = 20, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    for _ in 0..<Int(seconds * 50) + 1 {
        if try condition() { return }
        if Date() >= deadline { break }
        usleep(20_000)
    }
    if try condition() { return }
    throw TestFailure("\(what): not within \(seconds) s")
}

/// Waits for `process` to exit, for at most `seconds`; kills it (SIGKILL) after that
/// and returns false.
@discardableResult
public func waitForExit(_ process: Process, seconds: Double) -> Bool {
    if (try? waitUntil("exit", seconds: seconds, { !process.isRunning })) != nil { return true }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return false
}
