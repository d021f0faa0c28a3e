import Foundation
import Testing
@testable import DBus

/// The D-Bus wire format as the specification writes it: signatures and their limits,
/// alignment and padding, every type, the header, and real messages captured from
/// libnotify's notify-send and dunst.
@Suite struct Signatures {
    @Test func everyTypeCodeParsesAndPrintsBack() throws {
        for signature in ["y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "h", "v", "as", "a{sv}", "(ii)", "a(yv)",
                          "susssasa{sv}i", "aa{sv}", "a{s(ia{sv})}", "((y))"] {
            let types = try DBusType.parse(signature)
            #expect(DBusType.signature(of: types) == signature)
        }
        #expect(try DBusType.parse("").isEmpty)
    }

    @Test func malformedSignaturesAreRefusedNotTrapped() {
        for bad in ["a", "(", ")", "()", "{sv}", "a{vs}", "a{s}", "a{svv}", "z", "a{sv", "(i", "a{(i)s}", "\0"] {
            #expect(throws: DBusError.self, "\(bad)") { try DBusType.parse(bad) }
        }
    }

    @Test func nestingIsBoundedAsTheSpecSays() throws {
        _ = try DBusType.parse(String(repeating: "a", count: 32) + "y")
        #expect(throws: DBusError.self) { try DBusType.parse(String(repeating: "a", count: 33) + "y") }
        _ = try DBusType.parse(String(repeating: "(", count: 32) + "y" + String(repeating: ")", count: 32))
        #expect(throws: DBusError.self) { try DBusType.parse(String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33)) }
        #expect(throws: DBusError.self) { try DBusType.parse(String(repeating: "y", count: 256)) }
    }
}

@Suite struct Marshalling {
    func roundTrip(_ values: [DBusValue]) throws -> [DBusValue] {
        var writer = DBusWriter()
        writer.append(values)
        var reader = DBusReader(writer.bytes)
        var read: [DBusValue] = []
        for value in values { read.append(try reader.read(value.type)) }
        #expect(reader.atEnd)
        return read
    }

    @Test func everyTypeRoundTrips() throws {
        let values: [DBusValue] = [
            .byte(7), .boolean(true), .int16(-2), .uint16(65_000), .int32(-70_000), .uint32(4_000_000_000),
            .int64(-1 << 40), .uint64(1 << 63), .double(-0.25), .string("Hill House é"), .objectPath("/org/freedesktop/Notifications"),
            .signature("a{sv}"), .unixFD(0), .variant(.variant(.byte(1))), .strings(["default", "Open page"]),
            .array(.string, []), .dictionary(key: .string, value: .variant, [DBusDictEntry(.string("urgency"), .variant(.byte(1)))]),
            .structure([.byte(1), .variant(.strings(["a"]))]), .array(.array(.int64), [.array(.int64, []), .array(.int64, [.int64(5)])]),
        ]
        #expect(try roundTrip(values) == values)
    }

    /// The spec's own layout: a uint32 after a byte is padded to offset 4; an array's
    /// length excludes the padding before its first 8-aligned element, and the padding
    /// is there even when the array is empty.
    @Test func alignmentAndArrayLengthsFollowTheSpec() {
        var writer = DBusWriter()
        writer.append([.byte(1), .uint32(2)])
        #expect(writer.bytes == [1, 0, 0, 0, 2, 0, 0, 0])
        var empty = DBusWriter()
        empty.append(.array(.int64, []))
        #expect(empty.bytes == [0, 0, 0, 0, 0, 0, 0, 0])
        var one = DBusWriter()
        one.append(.array(.int64, [.int64(1)]))
        #expect(one.bytes == [8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
        var text = DBusWriter()
        text.append(.string("ab"))
        #expect(text.bytes == [2, 0, 0, 0, UInt8(ascii: "a"), UInt8(ascii: "b"), 0])
    }

    @Test func aNulInsideAStringIsNotWrittenSoTheBusNeverSeesOne() {
        var writer = DBusWriter()
        writer.append(.string("a\u{0}b"))
        #expect(writer.bytes == [2, 0, 0, 0, UInt8(ascii: "a"), UInt8(ascii: "b"), 0])
    }

    @Test func readsBigEndianToo() throws {
        var reader = DBusReader([0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9], bigEndian: true)
        #expect(try reader.read(.uint32) == .uint32(2))
        #expect(try reader.read(.uint64) == .uint64(9))
    }

    @Test func invalidValuesAreErrors() {
        let cases: [(String, [UInt8], DBusType)] = [
            ("a boolean of 2", [2, 0, 0, 0], .boolean),
            ("a string without its NUL", [1, 0, 0, 0, 65, 65], .string),
            ("a string with a NUL inside", [2, 0, 0, 0, 65, 0, 0], .string),
            ("a string that is not UTF-8", [1, 0, 0, 0, 0xff, 0], .string),
            ("a string longer than the message", [0xff, 0xff, 0xff, 0xff, 0], .string),
            ("an object path without its slash", [1, 0, 0, 0, 65, 0], .objectPath),
            ("an object path with an empty element", [2, 0, 0, 0, 47, 47, 0], .objectPath),
            ("padding that is not zero", [1, 5, 0, 0, 0, 0, 0, 0], .structure([.byte, .uint32])),
            ("an array over 64 MiB", [0, 0, 0, 5], .array(.byte)),
            ("an array whose element runs past its length", [1, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0], .array(.uint32)),
            ("a variant whose signature is two types", [2, 121, 121, 0, 1, 1], .variant),
            ("a variant with a bad signature", [1, 123, 0], .variant),
        ]
        for (name, bytes, type) in cases {
            var reader = DBusReader(bytes)
            #expect(throws: DBusError.self, "\(name)") { try reader.read(type) }
        }
    }

    /// A variant holding a variant holding ... 200 deep: the type parser sees one `v`
    /// at a time, so only the reader's own depth limit stops the recursion.
    @Test func variantsInVariantsAreBounded() {
        var bytes: [UInt8] = []
        for _ in 0..<200 { bytes += [1, UInt8(ascii: "v"), 0] }
        bytes += [1, UInt8(ascii: "y"), 0, 7]
        var reader = DBusReader(bytes)
        #expect(throws: DBusError.self) { try reader.read(.variant) }
    }
}

@Suite struct Messages {
    static let notify = DBusMessage.methodCall(
        destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
        interface: "org.freedesktop.Notifications", member: "Notify",
        body: [.string("venued"), .uint32(0), .string(""), .string("1920 Commons closes in 15 min"), .string("Lunch until 2:00 PM"),
               .strings(["default", "Open page"]),
               .dictionary(key: .string, value: .variant, [DBusDictEntry(.string("urgency"), .variant(.byte(1)))]), .int32(-1)])

    @Test func aMessageRoundTripsWithItsSignature() throws {
        let bytes = Self.notify.encoded(serial: 7)
        #expect(bytes.count % 1 == 0 && bytes[0] == UInt8(ascii: "l") && bytes[1] == 1 && bytes[3] == 1)
        #expect(try DBusMessage.frameLength(bytes[...]) == bytes.count)
        var decoded = try DBusMessage.decode(bytes)
        #expect(decoded.serial == 7 && decoded.signature == "susssasa{sv}i")
        decoded.serial = 0
        #expect(decoded == Self.notify)
    }

    @Test func theFrameIsKnownFromSixteenBytes() throws {
        let bytes = Self.notify.encoded(serial: 1)
        #expect(try DBusMessage.frameLength(bytes[..<15]) == nil)
        #expect(try DBusMessage.frameLength(bytes[..<16]) == bytes.count)
        #expect(throws: DBusError.self) { try DBusMessage.frameLength(bytes[...], limit: 64) }
        var wrongOrder = bytes
        wrongOrder[0] = UInt8(ascii: "x")
        #expect(throws: DBusError.self) { try DBusMessage.frameLength(wrongOrder[...]) }
    }

    @Test func requiredHeaderFieldsAndExactBodiesAreEnforced() throws {
        var noMember = Self.notify
        noMember.member = nil
        #expect(throws: DBusError.self) { try DBusMessage.decode(noMember.encoded(serial: 1)) }
        var trailing = Self.notify.encoded(serial: 1)
        trailing += [0, 0, 0, 0]
        // The header still announces the old length: the two disagree.
        #expect(throws: DBusError.self) { try DBusMessage.decode(trailing) }
        var zeroSerial = Self.notify.encoded(serial: 0)
        zeroSerial[8] = 0
        #expect(throws: DBusError.self) { try DBusMessage.decode(zeroSerial) }
    }

    /// Every byte of a real conversation, captured with `dbus-monitor --binary`:
    /// notify-send's Notify (actions, hints of three types), dunst's replies,
    /// ActionInvoked, NotificationClosed, GetCapabilities and GetServerInformation
    /// replies, CloseNotification, an error reply, the bus's own NameAcquired/NameLost.
    @Test func aRealConversationDecodes() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/dbus/notify-send-and-dunst.bin")
        let stream = [UInt8](try Data(contentsOf: url))
        var offset = 0
        var messages: [DBusMessage] = []
        while offset < stream.count {
            let length = try #require(try DBusMessage.frameLength(stream[offset...]))
            messages.append(try DBusMessage.decode(Array(stream[offset..<(offset + length)])))
            offset += length
        }
        let notify = try #require(messages.first { $0.member == "Notify" })
        #expect(notify.signature == "susssasa{sv}i")
        #expect(notify.body[0] == .string("notify-send") && notify.body[3] == .string("Sum <b>") && notify.body[4] == .string("Body & here"))
        #expect(notify.body[5].strings == ["default", "Open page", "open", "Open"])
        guard case .dictionary(_, _, let hints) = notify.body[6] else { Issue.record("hints are not a{sv}"); return }
        #expect(hints.contains { $0.key == .string("urgency") && $0.value == .variant(.byte(2)) })
        #expect(hints.contains { $0.key == .string("value") && $0.value == .variant(.int32(42)) })
        #expect(messages.contains { $0.member == "ActionInvoked" && $0.body.last == .string("default") })
        #expect(messages.contains { $0.member == "NotificationClosed" && $0.kind == .signal && $0.body.count == 2 })
        #expect(messages.contains { $0.kind == .methodReturn && ($0.body.first?.strings ?? []).contains("actions") })
        #expect(messages.contains { $0.kind == .methodReturn && $0.body.first == .string("dunst") && $0.body.count == 4 })
        #expect(messages.contains { $0.kind == .error && $0.errorName == "org.freedesktop.DBus.Error.ServiceUnknown" })
        // What we read, we write back so that it reads the same (libdbus orders fields
        // its own way, so the bytes differ; the message does not).
        for message in messages {
            var again = try DBusMessage.decode(message.encoded(serial: message.serial))
            again.sender = message.sender
            #expect(again == message)
        }
    }
}

@Suite struct Authentication {
    @Test func authExternalSpellsTheUidInHexDigits() {
        #expect(SASL.authenticate(uid: 1000) == [0] + Array("AUTH EXTERNAL 31303030\r\n".utf8))
        #expect(SASL.authenticate(uid: 0) == [0] + Array("AUTH EXTERNAL 30\r\n".utf8))
    }

    @Test func repliesAreReadStrictly() {
        #expect(SASL.reply(Array("OK 0123456789abcdef0123456789abcdef".utf8)) == .ok(guid: "0123456789abcdef0123456789abcdef"))
        #expect(SASL.reply(Array("OK short".utf8)) == .unexpected)
        #expect(SASL.reply(Array("REJECTED EXTERNAL DBUS_COOKIE_SHA1 \u{1b}[2J".utf8)) == .rejected(mechanisms: ["EXTERNAL", "DBUS_COOKIE_SHA1"]))
        #expect(SASL.reply(Array("DATA".utf8)) == .unexpected)
        #expect(SASL.reply([]) == .unexpected)
        #expect(SASL.lineEnd(Array("OK x\r\nrest".utf8)[...]) == 6)
        #expect(SASL.lineEnd(Array("OK x\r".utf8)[...]) == nil)
    }
}

@Suite struct SessionBusAddress {
    @Test func unixPathsAndAbstractNamesInOrder() throws {
        #expect(try BusAddress.sockets(sessionAddress: "unix:path=/run/user/1000/bus", runtimeDirectory: nil).get() == ["/run/user/1000/bus"])
        #expect(try BusAddress.sockets(sessionAddress: "unix:abstract=/tmp/dbus-x,guid=00;unix:path=/a%20b", runtimeDirectory: nil).get()
                == ["@/tmp/dbus-x", "/a b"])
        #expect(try BusAddress.sockets(sessionAddress: "tcp:host=localhost,port=1;unix:path=/b", runtimeDirectory: nil).get() == ["/b"])
    }

    @Test func withoutTheVariableTheRuntimeDirectory() throws {
        #expect(try BusAddress.sockets(sessionAddress: nil, runtimeDirectory: "/run/user/1000/").get() == ["/run/user/1000/bus"])
        #expect(throws: DBusError.self) { try BusAddress.sockets(sessionAddress: "", runtimeDirectory: "relative").get() }
    }

    @Test func anAddressWithNothingUsableSaysWhatItNames() {
        let result = BusAddress.sockets(sessionAddress: "tcp:host=x,port=1;unix:tmpdir=/tmp;unix:path=%zz", runtimeDirectory: "/run/user/1")
        guard case .failure(let error) = result else { Issue.record("\(result)"); return }
        #expect(error.message == "DBUS_SESSION_BUS_ADDRESS names no unix:path= or unix:abstract= socket (it names tcp)")
    }
}
