/// The unaccented lower-case letter of an accented Latin letter ("É" -> "e"); Æ, Ø, Ł, ß are left to lower-casing.
enum LatinBase {
    /// U+00C0...U+017F; "." marks a letter that does not fold.
    private static let latin1 = Array("AAAAAA.CEEEEIIII.NOOOOO..UUUUY..aaaaaa.ceeeeiiii.nooooo..uuuuy.y".unicodeScalars)
    private static let extendedA = Array(("AaAaAa" + "CcCcCcCc" + "Dd.." + "EeEeEeEeEe" + "GgGgGgGg" + "Hh.." + "IiIiIiIiI."
        + ".." + "Jj" + "Kk." + "LlLlLl...." + "NnNnNn..." + "OoOoOo" + ".." + "RrRrRr" + "SsSsSsSs" + "TtTt.."
        + "UuUuUuUuUuUu" + "Ww" + "YyY" + "ZzZzZz" + ".").unicodeScalars)

    static func letter(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let base: Unicode.Scalar
        switch scalar.value {
        case 0xC0...0xFF: base = latin1[Int(scalar.value - 0xC0)]
        case 0x100...0x17F: base = extendedA[Int(scalar.value - 0x100)]
        default: return nil
        }
        guard base != "." else { return nil }
        return base.value < 0x61 ? Unicode.Scalar(UInt8(truncatingIfNeeded: base.value + 32)) : base
    }
}
