import Foundation
import Glibc
import Synchronization
import Testing
import VenuedSystem

/// What one client may do to venued, tried as an attacker would over the real socket:
/// numbers no `Int` holds, files that never end, floods of requests, idle connections
/// held or reopened, subscribers by the dozen. Each must get a clear refusal, and
/// venued must keep answering everyone else with its memory bounded.
@Suite struct HostileClients {
    let home = DaemonProcess.Home()
    let arguments = ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"]
    let info = #"{"v":1,"cmd":"info"}"#
    let status = #"{"v":1,"cmd":"status"}"#

    @Test(arguments: [
        #"{"v":1,"cmd":"status","venues":[1e300]}"#,
        #"{"v":1,"cmd":"status","venues":1e300}"#,
        #"{"v":1,"cmd":"hours","venue":1e300}"#,
        #"{"v":1,"cmd":"next","venues":[-1e300]}"#,
        #"{"v":1,"cmd":"status","at":1e300}"#,
        #"{"v":1,"cmd":"status","tz":1e300}"#,
        #"{"v":1,"cmd":"status","render":1e300}"#,
        #"{"v":1,"cmd":"status","near":1e300}"#,
        #"{"v":1,"cmd":"status","favorites":true,"favorites_file":1e300}"#,
        #"{"v":1,"cmd":"subscribe","venues":[9.3e18]}"#,
        #"{"v":1,"cmd":"venuectl","args":[1e300]}"#,
        #"{"v":1,"cmd":"venuectl","args":[0.5]}"#,
        #"{"v":1,"cmd":"status","soon":1e300}"#,
        #"{"v":1e300,"cmd":"status"}"#,
    ])
    func aNumberNoIntHoldsIsRefusedAndTheDaemonLivesOn(_ line: String) throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let answer = try daemon.request(line)
        #expect(answer["ok"] as? Bool == false)
        #expect(answer["code"] as? String == "bad_request")
        #expect((answer["error"] as? String)?.isEmpty == false)
        #expect(daemon.process.isRunning)
        #expect(try daemon.request(info)["ok"] as? Bool == true)
    }

    @Test func idleConnectionsGiveTheirSlotsToAClientThatWaits() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let holders = try (0..<64).map { _ in try UnixClient(path: home.socketPath, timeout: 3) }
        defer { holders.forEach { $0.close() } }
        usleep(100_000)
        let newcomer = try UnixClient(path: home.socketPath, timeout: 3)
        defer { newcomer.close() }
        try newcomer.send(info + "\n")
        #expect(try newcomer.readObject()["ok"] as? Bool == true)
        // The slot came from one of the idle holders, which sees the end of its stream.
        let closed = holders.filter { (try? $0.readLineWithin(0.01)) == .some(nil) }
        #expect(closed.count >= 1)
    }

    @Test func whenEverySlotIsBusyAnsweringANewcomerIsRefusedBusy() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        // Each asks for far more answers than its socket holds, and reads none: every
        // slot is busy writing (until the 2 s write deadline), none is quiet.
        let floods = try (0..<64).map { _ in try UnixClient(path: home.socketPath, timeout: 3) }
        defer { floods.forEach { $0.close() } }
        for flood in floods { try flood.send(String(repeating: status + "\n", count: 200)) }
        // Every slot is busy once answers reach every flood (their sockets then fill at once).
        for flood in floods { try flood.waitUntilReadable(seconds: 20) }
        let newcomer = try UnixClient(path: home.socketPath, timeout: 10)
        defer { newcomer.close() }
        try newcomer.send(info + "\n")
        // Refused, not queued: a newcomer that waited for a slot would be answered `ok`
        // once the floods' write deadline (2 s) freed theirs.
        let answer = try newcomer.readObject()
        #expect(answer["code"] as? String == "busy", "\(answer.keys.sorted())")
    }

    @Test func aClientThatReopensIdleConnectionsStarvesNobody() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let stop = Atomic(false)
        let reopened = Atomic(0)
        let path = home.socketPath
        let attacker = Thread {
            var held: [UnixClient] = []
            let until = Date().addingTimeInterval(10)
            while !stop.load(ordering: .relaxed) && Date() < until {
                held.removeAll { client in
                    guard (try? client.readLineWithin(0)) == .some(nil) else { return false }
                    client.close()
                    return true
                }
                while held.count < 80, let client = try? UnixClient(path: path, timeout: 1) {
                    held.append(client)
                    reopened.add(1, ordering: .relaxed)
                }
                usleep(5_000)
            }
            held.forEach { $0.close() }
        }
        attacker.start()
        defer { stop.store(true, ordering: .relaxed) }
        // The attack is on once it holds more connections than there are slots.
        try waitUntil("the attacker's first round") { reopened.load(ordering: .relaxed) >= 80 }
        var answered = 0
        for index in 0..<30 {
            let answer = try daemon.request(index.isMultiple(of: 2) ? info : status, timeout: 2)
            if answer["ok"] as? Bool == true { answered += 1 } else { Issue.record("request \(index): \(answer)") }
        }
        stop.store(true, ordering: .relaxed)
        #expect(answered == 30)
        #expect(reopened.load(ordering: .relaxed) > 64)
    }

    /// Long questions (64 queries of 220 bytes and a template, each one new) sent and abandoned as fast as a
    /// client can: dropped unparsed when their client has gone, else parsed on the compute lane, where clients
    /// take turns, they leave short `status` requests a rate of the same order as without them (about half, in a
    /// debug build, with the flood's own thread on the same two cores). Parsed on the loop, each cost what a
    /// hundred prompts do, and the short requests kept a seventieth of their rate.
    @Test func aFloodOfLongQuestionsLeavesShortOnesTheirRate() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let (path, status) = (home.socketPath, status + "\n")
        func shortRequests(for seconds: Double) -> Int {
            let until = Date().addingTimeInterval(seconds)
            var answered = 0
            while Date() < until && answered < 1_000_000 {
                guard let client = try? UnixClient(path: path, timeout: 3) else { continue }
                if (try? client.send(status)) != nil, (try? client.readLine()) != nil { answered += 1 }
                client.close()
            }
            return answered
        }
        let alone = shortRequests(for: 1)
        let stop = Atomic(false)
        let sent = Atomic(0)
        let queries = (0..<64).map { "\"\(String(format: "%03d", $0)) commons \(String(repeating: "x", count: 210))\"" }
        let head = #"{"v":1,"cmd":"status","render":"template","template":"\#(String(repeating: "{name} {state} ", count: 66))","venues":["#
            + queries.joined(separator: ",") + #"],"soon":"#
        let flood = Thread {
            let until = Date().addingTimeInterval(10)
            var soon = 0
            while !stop.load(ordering: .relaxed) && Date() < until && soon < 1_000_000 {
                guard let client = try? UnixClient(path: path, timeout: 1) else { continue }
                try? client.send(head + "\(soon % 1441)}\n")
                client.close()
                soon += 1
                sent.store(soon, ordering: .relaxed)
            }
        }
        flood.start()
        defer { stop.store(true, ordering: .relaxed) }
        try waitUntil("the flood's first hundred questions") { sent.load(ordering: .relaxed) >= 100 }
        let during = shortRequests(for: 1)
        stop.store(true, ordering: .relaxed)
        #expect(during * 5 >= alone, "\(during) short requests answered during \(sent.load(ordering: .relaxed)) long ones, \(alone) alone")
        #expect(try daemon.request(info)["ok"] as? Bool == true)
    }

    @Test func subscribersHaveTheirOwnSlotsAndACap() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let subscribe = #"{"v":1,"cmd":"subscribe"}"#
        var subscribers: [UnixClient] = []
        defer { subscribers.forEach { $0.close() } }
        for _ in 0..<64 {
            let client = try UnixClient(path: home.socketPath, timeout: 3)
            try client.send(subscribe + "\n")
            #expect(try client.readObject()["event"] as? String == "snapshot")
            subscribers.append(client)
        }
        // 64 quiet subscribers hold no request slot.
        for _ in 0..<5 { #expect(try daemon.request(info, timeout: 1)["ok"] as? Bool == true) }
        let oneTooMany = try UnixClient(path: home.socketPath, timeout: 3)
        defer { oneTooMany.close() }
        try oneTooMany.send(subscribe + "\n")
        let refused = try oneTooMany.readObject()
        #expect(refused["code"] as? String == "busy")
        #expect((refused["error"] as? String)?.contains("subscriptions") == true)
        subscribers.removeFirst().close()
        _ = try daemon.waitForInfo { $0["subscribers"] as? Int == 63 }
        let next = try UnixClient(path: home.socketPath, timeout: 3)
        defer { next.close() }
        try next.send(subscribe + "\n")
        #expect(try next.readObject()["event"] as? String == "snapshot")
    }

    @Test func sixtyFourPipeliningFloodsKeepTheDaemonSmallAndItShrinksAfter() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let pid = daemon.process.processIdentifier
        let before = try #require(ProcStatus(pid: pid))
        // Each sends 128 KB of small requests at once and reads answers slowly: what
        // venued cannot answer yet must wait in the clients' sockets, not in its memory.
        let line = String(repeating: #"{"v":1,"cmd":"status","venues":["1920"]}"# + "\n", count: 3000)
        let done = DispatchGroup()
        let path = home.socketPath
        for _ in 0..<64 {
            done.enter()
            Thread {
                defer { done.leave() }
                guard let client = try? UnixClient(path: path, timeout: 5) else { return }
                defer { client.close() }
                client.sendNonBlocking(line, seconds: 3)
                for _ in 0..<50 { _ = try? client.readLine() }
            }.start()
        }
        var peak = before.rss
        for _ in 0..<40 {
            if let now = ProcStatus(pid: pid) { peak = max(peak, now.rss) }
            usleep(50_000)
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        // The clients are gone once venued holds no more descriptors than before (bounded).
        try? waitUntil("venued closed the floods' connections") { (ProcStatus(pid: pid)?.descriptors ?? .max) <= before.descriptors + 2 }
        let after = try #require(ProcStatus(pid: pid))
        #expect(peak < 64 << 20, "peak RSS \(peak >> 20) MB")
        #expect(after.highWater < 64 << 20, "VmHWM \(after.highWater >> 20) MB")
        #expect(after.rss <= before.rss + (16 << 20), "RSS \(before.rss >> 20) MB before, \(after.rss >> 20) MB after")
        #expect(after.descriptors <= before.descriptors + 2)
        #expect(try daemon.request(info)["ok"] as? Bool == true)
    }

    @Test func aListenerTooBusyToAcceptIsNotMistakenForAStaleSocketNorWaitedFor() throws {
        let path = home.socketPath
        mkdirs((path as NSString).deletingLastPathComponent)
        // A live listener that never accepts, its backlog already full.
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(listener) }
        var address = try #require(UnixAddress(path))
        #expect(address.withSockaddr { bind(listener, $0, $1) } == 0)
        #expect(listen(listener, 0) == 0)
        var fillers: [Int32] = []
        defer { fillers.forEach { Glibc.close($0) } }
        for _ in 0..<4 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            fillers.append(fd)
            _ = address.withSockaddr { connect(fd, $0, $1) }
        }
        // Not waited for: it exits (3) on its own, where waiting on the listener would
        // last until waitForExit kills it (-1).
        let daemon = try DaemonProcess(home: home, arguments: arguments, waitForSocket: false)
        let status = daemon.waitForExit(seconds: 20)
        #expect(status == 3)
        #expect(daemon.stderr.contains("already running"))
    }
}

/// `/proc/PID/status` and `/proc/PID/fd`: what a process really holds.
struct ProcStatus {
    let rss: Int
    let highWater: Int
    let threads: Int
    let descriptors: Int

    init?(pid: Int32) {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func kilobytes(_ key: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first }
                .flatMap { Int($0) }
        }
        guard let rss = kilobytes("VmRSS"), let hwm = kilobytes("VmHWM"), let threads = kilobytes("Threads") else { return nil }
        self.rss = rss << 10
        highWater = hwm << 10
        self.threads = threads
        descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }
}
