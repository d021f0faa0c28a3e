/// Just enough JSON writing for our outputs: keys in a fixed order, strings escaped.
public enum JSONText {
    public static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}": out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Members' values are already JSON text.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    public static func string(_ value: String?) -> String { value.map(quote) ?? "null" }
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
