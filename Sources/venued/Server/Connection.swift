/// One client's connection, owned by the loop thread and lent from its `ConnectionTable`; others hold its `token`.
/// A value rather than an object: a request costs no allocation, reference counting or exclusivity check.
struct Connection {
    enum Phase: Equatable {
        case reading, writing
        /// Its answer is computed on another thread (`Handoff`); a hang-up still ends it and frees its slot.
        case handedOff
        case subscribed
        /// Reports and finished hand-offs still naming it are ignored.
        case closed
    }

    let fd: Int32
    let peer: Int32
    var lastActivity: Double
    let token: UInt64
    var phase = Phase.reading
    var input: RequestBuffer
    var pending: [UInt8] = []
    var deadline: Double?
    var requests = 0
    var isSubscribed: Bool { phase == .subscribed }
    /// The client has closed its side: answer what it sent, then close.
    var peerClosed = false
    var closeAfterAnswer = false
    var interest: UInt32?
    var awaitingProbe = false
    /// Its probe found nothing: it is registered whenever it waits to read, unless bytes come first.
    var quietAtProbe = false

    init(fd: Int32, peer: Int32, serial: UInt32, requestLimit: Int, now: Double) {
        self.fd = fd
        self.peer = peer
        lastActivity = now
        token = UInt64(serial) << 32 | UInt64(UInt32(bitPattern: fd))
        input = RequestBuffer(limit: requestLimit)
    }

    static func descriptor(of token: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: token)) }

    /// Nothing while unanswered requests fill the input buffer (back-pressure).
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
