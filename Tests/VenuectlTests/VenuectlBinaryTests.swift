import Foundation
import Testing

/// What keeps `venuectl` prompt-fast: it is a static executable (no dynamic loader, no
/// relocation of shared libraries at start) and Foundation is not in it at all.
@Suite struct VenuectlBinaryTests {
    @Test func isAStaticExecutableWithoutFoundation() throws {
        let bytes = try Data(contentsOf: VenuectlProcess.binary)
        #expect(bytes.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]), "not an ELF file")
        // ELF64 little-endian: program headers at e_phoff (0x20), e_phentsize (0x36), e_phnum (0x38).
        func integer(_ offset: Int, _ size: Int) -> Int {
            bytes[offset..<offset + size].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        let (table, size, count) = (integer(0x20, 8), integer(0x36, 2), integer(0x38, 2))
        let types = (0..<count).map { integer(table + $0 * size, 4) }
        #expect(!types.isEmpty && !types.contains(3), "has a PT_INTERP header: dynamically linked")
        #expect(bytes.range(of: Data("FoundationEssentials".utf8)) == nil, "Foundation is linked in")
    }

    @Test func withoutTimeZoneDataItSaysWhatToInstall() throws {
        let run = try VenuectlProcess.run(["status", "--data", VenuectlProcess.fixture], environment: ["TZDIR": "/nonexistent"])
        #expect(run.code == 70 && run.stdout.isEmpty)
        #expect(run.stderr == "venuectl: no time-zone data in /nonexistent: install Debian's tzdata package (or set TZDIR)\n")
    }
}
