import DiningHours

/// An HTTP-date (RFC 9110 5.6.7) in any of its three forms, without Foundation.
enum HTTPDate {
    /// `now` settles an RFC 850 year: more than 50 years ahead is the past century (RFC 9110).
    static func parse(_ text: String, now: Instant) -> Instant? {
        // The longest form, RFC 850 with "Wednesday", is 33 bytes.
        guard text.utf8.count <= 40 else { return nil }
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.imfFixdate() ?? scanner.rfc850(now: now) ?? scanner.asctime()
    }

    static let shortDays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let longDays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        mutating func imfFixdate() -> Instant? {
            position = 0
            guard word(in: HTTPDate.shortDays) != nil, literal(", "), let day = digits(2), literal(" "),
                  let month = word(in: HTTPDate.months), literal(" "), let year = digits(4), literal(" "),
                  let time = timeOfDay(), literal(" GMT"), atEnd else { return nil }
            return instant(year: year, month: month + 1, day: day, time: time)
        }

        mutating func rfc850(now: Instant) -> Instant? {
            position = 0
            guard word(in: HTTPDate.longDays) != nil, literal(", "), let day = digits(2), literal("-"),
                  let month = word(in: HTTPDate.months), literal("-"), let twoDigits = digits(2), literal(" "),
                  let time = timeOfDay(), literal(" GMT"), atEnd else { return nil }
            let currentYear = LocalDateTime(wallSeconds: now.secondsSinceEpoch).date.components.year
            var year = currentYear - ((currentYear % 100 + 100) % 100) + twoDigits
            if year > currentYear + 50 { year -= 100 }
            return instant(year: year, month: month + 1, day: day, time: time)
        }

        mutating func asctime() -> Instant? {
            position = 0
            guard word(in: HTTPDate.shortDays) != nil, literal(" "), let month = word(in: HTTPDate.months),
                  literal(" ") else { return nil }
            let day: Int
            if literal(" "), let single = digits(1) { day = single } else if let double = digits(2) { day = double } else { return nil }
            guard literal(" "), let time = timeOfDay(), literal(" "), let year = digits(4), atEnd else { return nil }
            return instant(year: year, month: month + 1, day: day, time: time)
        }

        private mutating func timeOfDay() -> Int? {
            guard let hour = digits(2), hour < 24, literal(":"), let minute = digits(2), minute < 60, literal(":"),
                  let second = digits(2), second <= 60 else { return nil }
            return hour * 3600 + minute * 60 + second
        }

        private func instant(year: Int, month: Int, day: Int, time: Int) -> Instant? {
            // LocalDate refuses impossible days (Feb 30); year and time are a few digits.
            guard let date = LocalDate(year: year, month: month, day: day) else { return nil }
            return Instant(secondsSinceEpoch: date.dayNumber * 86_400 + time)
        }

        private var atEnd: Bool { position == bytes.count }

        private mutating func digits(_ count: Int) -> Int? {
            let digits = bytes[position...].prefix(count)
            guard digits.count == count, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                return nil
            }
            position += count
            return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }

        private mutating func literal(_ text: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            guard bytes[position...].starts(with: expected) else { return false }
            position += expected.count
            return true
        }

        private mutating func word(in names: [String]) -> Int? {
            var end = position
            while end < bytes.count, bytes[end] | 0x20 >= UInt8(ascii: "a"), bytes[end] | 0x20 <= UInt8(ascii: "z") { end += 1 }
            let letters = bytes[position..<end].map { $0 | 0x20 }
            guard let index = names.firstIndex(where: { $0.utf8.elementsEqual(letters) }) else { return nil }
            position = end
            return index
        }
    }
}
