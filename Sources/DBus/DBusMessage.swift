/// One D-Bus message (the D-Bus Specification, "Message Protocol"): a fixed header, the
/// header fields as `a(yv)`, padding to 8, the body.
///
///     byte 0   'l' little-endian / 'B' big-endian
///     byte 1   type: 1 method call, 2 method return, 3 error, 4 signal
///     byte 2   flags (1: no reply expected)
///     byte 3   protocol version, 1
///     4..<8    body length (uint32)
///     8..<12   serial (uint32, not 0)
///     12..     header fields a(yv): PATH o, INTERFACE s, MEMBER s, ERROR_NAME s,
///              REPLY_SERIAL u, DESTINATION s, SENDER s, SIGNATURE g, UNIX_FDS u
///
/// venuectl writes little-endian messages and reads either order. A field code it does
/// not know is skipped, as the spec asks; a known field of the wrong type, a missing
/// required field, or a body that does not match its signature exactly is an error.
package struct DBusMessage: Equatable, Sendable {
    package enum Kind: UInt8, Sendable {
        case methodCall = 1, methodReturn = 2, error = 3, signal = 4
    }

    /// The largest message the spec allows; a connection takes a lower cap of its own.
    package static let maxLength = 128 << 20
    /// The NO_REPLY_EXPECTED flag.
    package static let noReplyExpected: UInt8 = 0x1

    package var kind: Kind
    package var flags: UInt8 = 0
    /// Set when the message is written (`encoded(serial:)`) or read.
    package var serial: UInt32 = 0
    package var path: String?
    package var interface: String?
    package var member: String?
    package var errorName: String?
    package var replySerial: UInt32?
    package var destination: String?
    package var sender: String?
    package var body: [DBusValue] = []

    package init(kind: Kind, path: String? = nil, interface: String? = nil, member: String? = nil,
                 destination: String? = nil, body: [DBusValue] = []) {
        self.kind = kind
        self.path = path
        self.interface = interface
        self.member = member
        self.destination = destination
        self.body = body
    }

    package static func methodCall(destination: String, path: String, interface: String, member: String,
                                   body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(kind: .methodCall, path: path, interface: interface, member: member, destination: destination, body: body)
    }

    /// The body's signature, as the SIGNATURE field carries it.
    package var signature: String { DBusType.signature(of: body.map(\.type)) }

    /// The first string of the body: an error's message, by convention.
    package var firstString: String? { body.first?.string }

    // MARK: writing

    private enum Field: UInt8 {
        case path = 1, interface, member, errorName, replySerial, destination, sender, signature, unixFDs
    }

    /// The message's bytes, little-endian, with `serial`.
    package func encoded(serial: UInt32) -> [UInt8] {
        var bodyWriter = DBusWriter()
        bodyWriter.append(body)
        let bodyBytes = bodyWriter.bytes

        var fields: [DBusValue] = []
        func field(_ code: Field, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code.rawValue), .variant(value)])) }
        }
        field(.path, path.map(DBusValue.objectPath))
        field(.interface, interface.map(DBusValue.string))
        field(.member, member.map(DBusValue.string))
        field(.errorName, errorName.map(DBusValue.string))
        field(.replySerial, replySerial.map(DBusValue.uint32))
        field(.destination, destination.map(DBusValue.string))
        field(.sender, sender.map(DBusValue.string))
        if !body.isEmpty { field(.signature, .signature(signature)) }

        var writer = DBusWriter()
        writer.append(.byte(UInt8(ascii: "l")))
        writer.append(.byte(kind.rawValue))
        writer.append(.byte(flags))
        writer.append(.byte(1))
        writer.append(.uint32(UInt32(truncatingIfNeeded: bodyBytes.count)))
        writer.append(.uint32(serial))
        writer.append(.array(.structure([.byte, .variant]), fields))
        writer.pad(to: 8)
        return writer.bytes + bodyBytes
    }

    // MARK: reading

    /// The whole length of the message that `prefix` begins, from its first 16 bytes;
    /// nil while fewer have arrived. Throws when the header cannot start a message, or
    /// announces more than `limit` bytes: a reader learns that before it buffers them.
    package static func frameLength(_ prefix: ArraySlice<UInt8>, limit: Int = maxLength) throws(DBusError) -> Int? {
        guard prefix.count >= 16 else { return nil }
        let header = Array(prefix.prefix(16))
        let bigEndian: Bool
        switch header[0] {
        case UInt8(ascii: "l"): bigEndian = false
        case UInt8(ascii: "B"): bigEndian = true
        default: throw DBusError("a message does not start with a byte-order mark")
        }
        guard header[3] == 1 else { throw DBusError("a message is not of protocol version 1") }
        var reader = DBusReader(header, bigEndian: bigEndian)
        _ = try reader.integer(UInt32.self)
        let bodyLength = Int(try reader.integer(UInt32.self))
        _ = try reader.integer(UInt32.self)
        let fieldsLength = Int(try reader.integer(UInt32.self))
        guard fieldsLength <= DBusReader.maxArrayLength else { throw DBusError("a message's header fields are over 64 MiB") }
        let fieldsEnd = 16 + fieldsLength
        let total = (fieldsEnd + 7) / 8 * 8 + bodyLength
        guard total <= min(limit, maxLength) else { throw DBusError("a message is over \(min(limit, maxLength)) bytes") }
        return total
    }

    /// The message in `bytes`, which must be exactly one whole message.
    package static func decode(_ bytes: [UInt8]) throws(DBusError) -> DBusMessage {
        guard let length = try frameLength(bytes[...]) else { throw DBusError("a message is shorter than its fixed header") }
        guard length == bytes.count else { throw DBusError("a message's length does not match its header") }
        let bigEndian = bytes[0] == UInt8(ascii: "B")
        guard let kind = Kind(rawValue: bytes[1]) else { throw DBusError("a message has an unknown type") }
        var reader = DBusReader(bytes, from: 4, bigEndian: bigEndian)
        let bodyLength = Int(try reader.integer(UInt32.self))
        let serial = try reader.integer(UInt32.self)
        guard serial != 0 else { throw DBusError("a message has serial 0") }
        guard case .array(_, let fields) = try reader.read(.array(.structure([.byte, .variant]))) else {
            throw DBusError("a message's header fields are not an array")
        }
        var message = DBusMessage(kind: kind)
        message.flags = bytes[2]
        message.serial = serial
        var signature: [DBusType] = []
        var seen: Set<UInt8> = []
        for entry in fields {
            guard case .structure(let pair) = entry, pair.count == 2, case .byte(let code) = pair[0],
                  case .variant(let value) = pair[1] else { throw DBusError("a header field is not a (byte, variant)") }
            // Unknown fields are skipped (the spec); a known one may appear once.
            guard let field = Field(rawValue: code) else { continue }
            guard seen.insert(code).inserted else { throw DBusError("a header field appears twice") }
            switch (field, value) {
            case (.path, .objectPath(let path)): message.path = path
            case (.interface, .string(let name)): message.interface = name
            case (.member, .string(let name)): message.member = name
            case (.errorName, .string(let name)): message.errorName = name
            case (.replySerial, .uint32(let number)): message.replySerial = number
            case (.destination, .string(let name)): message.destination = name
            case (.sender, .string(let name)): message.sender = name
            case (.signature, .signature(let text)): signature = try DBusType.parse(text)
            case (.unixFDs, .uint32): break
            default: throw DBusError("a header field has the wrong type")
            }
        }
        switch kind {
        case .methodCall where message.path == nil || message.member == nil:
            throw DBusError("a method call lacks its path or member")
        case .signal where message.path == nil || message.interface == nil || message.member == nil:
            throw DBusError("a signal lacks its path, interface or member")
        case .error where message.errorName == nil || message.replySerial == nil:
            throw DBusError("an error lacks its name or reply serial")
        case .methodReturn where message.replySerial == nil:
            throw DBusError("a method return lacks its reply serial")
        default: break
        }
        try reader.align(8)
        guard bytes.count - reader.offset == bodyLength else { throw DBusError("a message's body length does not match") }
        var body = DBusReader(bytes, from: reader.offset, bigEndian: bigEndian)
        for type in signature { message.body.append(try body.read(type)) }
        guard body.atEnd else { throw DBusError("a message's body is longer than its signature") }
        return message
    }
}
