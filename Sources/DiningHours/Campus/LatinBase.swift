/// The unaccented lower-case letter of an accented Latin letter ("É" -> "e"); Æ, Ø, Ł, ß are left to lower-casing.
enum LatinBase {
    /// U+00C0...U+00FF, then U+0100...U+017F; "." marks a letter that does not fold.
    private static let bases = Array(("AAAAAA.CEEEEIIII.NOOOOO..UUUUY..aaaaaa.ceeeeiiii.nooooo..uuuuy.y"
        + "AaAaAa" + "CcCcCcCc" + "Dd.." + "EeEeEeEeEe" + "GgGgGgGg" + "Hh.." + "IiIiIiIiI." + ".." + "Jj" + "Kk."
        + "LlLlLl...." + "NnNnNn..." + "OoOoOo" + ".." + "RrRrRr" + "SsSsSsSs" + "TtTt.." + "UuUuUuUuUuUu" + "Ww"
        + "YyY" + "ZzZzZz" + ".").unicodeScalars)

    static func letter(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard (0xC0...0x17F).contains(scalar.value) else { return nil }
        let base = bases[Int(scalar.value - 0xC0)]
        guard base != "." else { return nil }
        return base.value < 0x61 ? Unicode.Scalar(UInt8(truncatingIfNeeded: base.value + 32)) : base
    }
}
