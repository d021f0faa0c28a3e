/// A span of time as people type it: `90m`, `3h`, `1h30m`, `2d` (days, hours, minutes,
/// each a whole number, in any combination). `next --within` reads it.
enum TimeSpan {
    static let units: [Character: Int] = ["d": 86_400, "h": 3600, "m": 60]

    /// The span in seconds; nil for anything else (a bare number has no unit to trust).
    static func seconds(_ text: String) -> Int? {
        var total = 0, number = 0, digits = 0, parts = 0
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                guard digits < 6 else { return nil }
                number = number * 10 + digit
                digits += 1
            } else {
                guard let unit = units[character], digits > 0 else { return nil }
                total += number * unit
                (number, digits, parts) = (0, 0, parts + 1)
            }
        }
        return digits == 0 && parts > 0 ? total : nil
    }
}
