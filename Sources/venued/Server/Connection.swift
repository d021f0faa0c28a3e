/// One client's connection: a value, kept in the loop's `ConnectionTable` and lent to
/// the code that serves it (`ConnectionServer.with`), which works on it in place. It
/// belongs to the loop thread alone (the only thread that writes sockets); its identity
/// from accept to close is its `token`, which lists and other threads hold instead of
/// the connection. A value rather than an object: a request costs no allocation, no
/// reference counting, and no run-time exclusivity check per field.
struct Connection {
    enum Phase: Equatable {
        /// Waiting for the next request line; the read deadline runs.
        case reading
        /// An answer is partly sent; the rest goes out when the socket takes it.
        case writing
        /// Its answer is computed on another thread (`Handoff`); nothing is read meanwhile,
        /// but a hang-up ends it at once and frees its slot.
        case handedOff
        /// A `subscribe` stream: the loop sends the hub's pushes and watches for the
        /// hang-up; anything the client sends is ignored.
        case subscribed
        /// Closed: reports and finished hand-offs still naming it are ignored.
        case closed
    }

    let fd: Int32
    /// The process at the other end (SO_PEERCRED), for sharing slots fairly among peers.
    let peer: Int32
    /// When the client last sent bytes or was last answered (monotonic seconds): a
    /// connection quiet for long gives its slot up to a client that waits for one.
    var lastActivity: Double
    /// The epoll token: the descriptor and a serial number, unique among connections.
    let token: UInt64
    var phase = Phase.reading
    var input: RequestBuffer
    /// The part of an answer the socket could not take yet.
    var pending: [UInt8] = []
    /// When the connection is cut off if it has not moved on (monotonic seconds).
    var deadline: Double?
    var requests = 0
    var isSubscribed: Bool { phase == .subscribed }
    /// The client has closed its side: answer what it sent, then close.
    var peerClosed = false
    /// Close once the current answer is out (a final error, the request cap).
    var closeAfterAnswer = false
    /// What epoll watches on the descriptor now; nil while it is not registered.
    var interest: UInt32?
    /// In the loop's list of connections to read once more before registering.
    var awaitingProbe = false
    /// Its last read once more found nothing: registered whenever it waits to read,
    /// unless bytes come first (a request found by that read leaves it unregistered).
    var quietAtProbe = false

    init(fd: Int32, peer: Int32, serial: UInt32, requestLimit: Int, now: Double) {
        self.fd = fd
        self.peer = peer
        lastActivity = now
        token = UInt64(serial) << 32 | UInt64(UInt32(bitPattern: fd))
        input = RequestBuffer(limit: requestLimit)
    }

    static func descriptor(of token: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: token)) }

    /// What epoll should watch in this phase: only the hang-up (which epoll always
    /// reports) while an answer is computed elsewhere, so a client that leaves frees its
    /// slot at once; nothing while its unanswered requests fill the input buffer
    /// (back-pressure).
    var wantedInterest: UInt32? {
        switch phase {
        case .reading: return input.room > 0 ? Epoll.input : nil
        case .subscribed: return Epoll.input
        case .writing: return Epoll.output
        case .handedOff: return Epoll.hangUpOnly
        case .closed: return nil
        }
    }
}
