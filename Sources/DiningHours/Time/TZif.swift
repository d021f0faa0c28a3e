/// Read directly, not through Foundation, so venuectl is a static Glibc binary and agrees with the system's tzdata.
struct TZif: Sendable {
    let transitions: [(at: Int, observance: Observance)]
    let initial: Observance
    let rule: PosixTZ?

    init(parsing bytes: [UInt8]) throws(TZifError) {
        var reader = TZifReader(bytes: bytes)
        let first = try reader.header()
        // A version 2+ file repeats everything with 64-bit times after the 32-bit block.
        let isV2 = first.version >= 2
        if isV2 { try reader.skip(first.dataSize(timeSize: 4)) }
        (transitions, initial) = try reader.block(isV2 ? reader.header() : first, timeSize: isV2 ? 8 : 4)
        let footer = isV2 ? reader.footer() : ""
        rule = footer.isEmpty ? nil : PosixTZ(parsing: footer)
        if rule == nil, !footer.isEmpty {
            throw TZifError(reason: "its closing rule '\(footer)' is not a POSIX TZ rule")
        }
    }
}

struct TZifError: Error, Equatable, Sendable { let reason: String }

private struct TZifReader {
    struct Header {
        let version: Int
        let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, charCount: Int

        func dataSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount
                + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
        }
    }

    let bytes: [UInt8]
    var index = 0

    mutating func header() throws(TZifError) -> Header {
        guard index + 44 <= bytes.count, bytes[index..<index + 4].elementsEqual("TZif".utf8) else {
            throw TZifError(reason: "it is not a TZif file")
        }
        let versionByte = bytes[index + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        index += 20
        let counts = try (0..<6).map { _ throws(TZifError) in try integer(size: 4, signed: false) }
        let header = Header(version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                            timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        guard header.typeCount > 0 else { throw TZifError(reason: "it has no local time types") }
        return header
    }

    mutating func skip(_ count: Int) throws(TZifError) {
        guard index + count <= bytes.count else { throw TZifError(reason: "it ends early") }
        index += count
    }

    mutating func block(_ header: Header, timeSize: Int) throws(TZifError)
        -> ([(at: Int, observance: Observance)], Observance) {
        // Checked first, so that a corrupt count cannot make us reserve gigabytes.
        guard header.dataSize(timeSize: timeSize) <= bytes.count - index else {
            throw TZifError(reason: "its header counts do not fit the file")
        }
        let times = try (0..<header.timeCount).map { _ throws(TZifError) in try integer(size: timeSize, signed: true) }
        // RFC 8536 §3.2; the lookups rely on it.
        guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw TZifError(reason: "its transition times are out of order")
        }
        let typeIndices = try (0..<header.timeCount).map { _ throws(TZifError) in try integer(size: 1, signed: false) }
        let fields = try (0..<header.typeCount).map { _ throws(TZifError) in
            (offset: try integer(size: 4, signed: true), isDaylight: try integer(size: 1, signed: false) != 0,
             abbreviationIndex: try integer(size: 1, signed: false))
        }
        let characters = bytes[index..<index + header.charCount]
        try skip(header.charCount + header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCCount)
        // An abbreviation out of range or empty is unknown: only calendars read it.
        let types = fields.map { field in
            let text = characters.dropFirst(field.abbreviationIndex).prefix { $0 != 0 }
            return Observance(offset: field.offset, isDaylight: field.isDaylight,
                              abbreviation: text.isEmpty ? nil : String(decoding: text, as: UTF8.self))
        }
        if let type = typeIndices.first(where: { $0 >= types.count }) {
            throw TZifError(reason: "a transition names local time type \(type) of \(types.count)")
        }
        return (zip(times, typeIndices).map { ($0, types[$1]) }, types[0])
    }

    mutating func footer() -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\n") else { return "" }
        guard let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\n")) else { return "" }
        return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
    }

    private mutating func integer(size: Int, signed: Bool) throws(TZifError) -> Int {
        guard index + size <= bytes.count else { throw TZifError(reason: "it ends early") }
        var value: UInt64 = 0
        for byte in bytes[index..<index + size] { value = value << 8 | UInt64(byte) }
        index += size
        guard signed else { return Int(value) }
        let shift = UInt64(64 - size * 8)
        return Int(Int64(bitPattern: value << shift) >> Int64(shift))
    }
}
