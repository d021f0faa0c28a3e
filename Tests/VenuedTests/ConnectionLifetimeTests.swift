import Glibc
import Testing

/// When venued closes a connection: after the answer to a lone request, unless the client
/// pipelined or asked for `more` (docs/PROTOCOL.md).
@Suite struct ConnectionLifetime {
    let home = DaemonProcess.Home()
    let arguments = ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"]
    let status = #"{"v":1,"cmd":"status"}"#
    let info = #"{"v":1,"cmd":"info"}"#

    /// The end of the stream, or a reset: a request that landed before venued's close is dropped with it.
    private func ended(_ client: UnixClient) -> Bool {
        var byte: UInt8 = 0
        let count = recv(client.fd, &byte, 1, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Twice on one venued, a new connection each time: the second status is answered from this second's kept
    /// lines, a path of its own, which must neither keep a lone request's connection nor forget a `more`.
    private func askTwice(_ first: String, then: (UnixClient, [String: Any]) throws -> Void) throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        for _ in 0..<2 {
            let client = try UnixClient(path: home.socketPath, timeout: 5)
            defer { client.close() }
            try client.send(first + "\n")
            try then(client, try client.readObject())
        }
    }

    @Test(arguments: [#"{"v":1,"cmd":"status"}"#, #"{"v":1,"cmd":"info"}"#, #"{"v":1,"cmd":"info","more":false}"#,
                      #"{"v":1,"cmd":"hours","venue":"593","days":1}"#, "not json"])
    func aLoneRequestIsAnsweredAndThenVenuedCloses(first: String) throws {
        try askTwice(first) { client, answer in
            #expect(answer["ok"] != nil)
            // This client neither closed nor shut down its side; a second request finds the connection closed.
            try? client.send(info + "\n")
            #expect(ended(client))
        }
    }

    /// The second is over 1 KB, so it is parsed off the loop.
    @Test(arguments: [#"{"v":1,"cmd":"status","more":true}"#, #"{"v":1,"cmd":"status",\#(String(repeating: " ", count: 1100))"more":true}"#])
    func moreInTheFirstRequestKeepsTheConnectionForRequestsOneAfterTheOther(first: String) throws {
        try askTwice(first) { client, answer in
            #expect(answer["ok"] as? Bool == true)
            for _ in 0..<3 {
                try client.send(info + "\n")
                #expect(try client.readObject()["version"] != nil)
            }
            try client.send(status + "\n")
            #expect(try client.readObject()["ok"] as? Bool == true)
        }
    }

    @Test func requestsSentTogetherAreAllAnsweredOnOneConnection() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let client = try UnixClient(path: home.socketPath, timeout: 5)
        defer { client.close() }
        try client.send(status + "\n" + info + "\n")
        #expect(try client.readObject()["ok"] as? Bool == true)
        #expect(try client.readObject()["version"] != nil)
        // Pipelined: the connection stays for more, as before.
        try client.send(info + "\n")
        #expect(try client.readObject()["version"] != nil)
    }
}
