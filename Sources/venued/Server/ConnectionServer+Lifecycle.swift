import DiningHours
import Glibc
import VenuedSystem

extension ConnectionServer {
    /// How long the stop waits for the prompt files' removal: a stalled file system must not keep venued running.
    static let stopWait = 0.5

    mutating func reload() {
        notifier.send(["RELOADING=1", "MONOTONIC_USEC=\(Notifier.monotonicMicroseconds())"])
        let old = snapshot.config
        do {
            var new = try loader.load()
            if new.socketPath != old.socketPath { log.warning("the socket path changes only at restart; still on \(old.socketPath)") }
            (new.socketPath, new.socketDirectoryIsOwned) = (old.socketPath, old.socketDirectoryIsOwned)
            new.clockOffset = old.clockOffset
            var next = snapshot
            next.config = new
            // A new URL or interval applies at once, as the man page promises, unless the servers asked us to wait.
            let due = refresh.chain == nil && (snapshot.health.gateOpensAt.map { $0 <= clock.now() } ?? true)
            if due { next.health.nextRefresh = clock.now() }
            replace(next)
            log.level = new.logLevel
            log.info("config reloaded")
            for problem in new.prompts.compactMap(\.problem) { log.warning("bad prompt config: \(problem)") }
            followPromptFiles()
            hub.request(.data)
            if due { refreshIfDue() }
        } catch { log.warning("reload failed, keeping the running config: \(error.message)") }
        notifier.send(["READY=1", statusLine()])
    }

    /// Removes the prompt files first (a prompt must not show what no venued keeps current), then the socket.
    mutating func stop(_ number: Int32) -> Never {
        notifier.send(["STOPPING=1"])
        log.info("stopping on \(number == SIGTERM ? "SIGTERM" : "SIGINT")")
        _ = endFetch(complete: false)
        let promptFiles = promptFiles
        handoff.own { promptFiles.removeAll(); return .promptFilesRemoved }
        let deadline = Monotonic.seconds() + Self.stopWait
        var removed = false
        while !removed, case let remaining = deadline - Monotonic.seconds(), remaining > 0 {
            var poller = pollfd(fd: handoff.fd, events: Int16(POLLIN), revents: 0)
            guard Syscall.retrying({ poll(&poller, 1, Int32(remaining * 1000) + 1) }) > 0 else { break }
            removed = handoff.take().contains { if case .promptFilesRemoved = $0 { true } else { false } }
        }
        listener.removeFile()
        log.flush()
        exit(0)
    }

    mutating func statusLine() -> String {
        let held = snapshot.held
        let dates = snapshot.zone.flatMap { heldCoverage(in: $0) }.map { ", dates \($0.first) to \($0.last)" } ?? ""
        let age = held.fetchedAt.map { ", fetched \(max(0, clock.now() - $0) / 60) min ago" } ?? ""
        let error = snapshot.health.failures > 0 ? ", last refresh failed" : ""
        let cache = snapshot.health.cacheError != nil ? ", cache not written" : ""
        return "STATUS=serving \(held.source.rawValue) data\(dates)\(age)\(error)\(cache)"
    }

    /// From the campus the loop keeps, which the next status answer uses too: a fresh one costs a whole feed's timetables.
    mutating func heldCoverage(in zone: ZoneRules) -> Coverage? {
        prepared.build(zone)
        return prepared.campus(zone).coverage
    }
}
