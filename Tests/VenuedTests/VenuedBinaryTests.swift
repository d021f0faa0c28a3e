import Foundation
import Testing

/// What keeps the package small: venued links no Foundation (its static link alone was
/// most of the binary) and, in the release build, no libdispatch either; its threads,
/// semaphore and environment come from Glibc (`SystemThread`, `Semaphore`,
/// `ProcessEnvironment`).
@Suite struct VenuedBinaryTests {
    @Test func linksNoFoundation() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: DaemonProcess.binary))
        let needed = try ELFDynamicSection.needed(bytes)
        #expect(needed.contains("libc.so.6"), "no dynamic section read: \(needed)")
        #expect(!needed.contains { $0.contains("Foundation") || $0.contains("dispatch") }, "\(needed)")
        #expect(bytes.range(of: Data("FoundationEssentials".utf8)) == nil, "Foundation is linked in")
        // Any task, actor or main-actor isolation (a closure in main.swift's top-level code
        // is one) brings Swift Concurrency, and with it libdispatch into the static package.
        #expect(bytes.range(of: Data("swift_task_".utf8)) == nil, "venued calls into Swift Concurrency")
    }

    /// The binary the package installs (.ci/run sets VENUED_DEB): the Swift runtime linked
    /// in, so it needs only the system's C and C++ libraries, and nothing of Dispatch.
    @Test(.enabled(if: !InstallTests.deb.isEmpty, "set VENUED_DEB to a venued .deb (.ci/run builds one with make deb)"))
    func packagedBinaryNeedsOnlyTheSystemLibraries() throws {
        let home = DaemonProcess.Home()
        let extracted = home.root + "/venued"
        let unpack = try InstallTests.tool("/bin/sh", ["-c", "dpkg-deb --fsys-tarfile \"$0\" | tar -xO ./usr/bin/venued > \"$1\"",
                                                       InstallTests.deb, extracted])
        try #require(unpack.code == 0, "\(unpack.output)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: extracted))
        let needed = try ELFDynamicSection.needed(bytes)
        let system: Set = ["libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2"]
        #expect(needed.contains("libc.so.6") && Set(needed).isSubset(of: system), "\(needed)")
        #expect(bytes.range(of: Data("FoundationEssentials".utf8)) == nil, "Foundation is linked in")
        // The label of libdispatch's default root queue: there whenever libdispatch is linked in.
        #expect(bytes.range(of: Data("com.apple.root.default-qos".utf8)) == nil, "libdispatch is linked in")
    }
}

/// The DT_NEEDED entries of an ELF64 little-endian file, read from its section headers
/// (which `strip` keeps): the libraries the dynamic loader will map.
enum ELFDynamicSection {
    static func needed(_ bytes: Data) throws -> [String] {
        guard bytes.count > 0x40, bytes.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]), bytes[bytes.startIndex + 4] == 2 else {
            throw TestFailure("not an ELF64 file")
        }
        func integer(_ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset + size <= bytes.count else { throw TestFailure("ELF offset \(offset) out of the file") }
            return bytes[bytes.startIndex + offset..<bytes.startIndex + offset + size].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        // e_shoff, e_shentsize, e_shnum; per section: sh_type 0x04, sh_offset 0x18, sh_size 0x20, sh_link 0x28.
        let (table, entrySize, count) = (try integer(0x28, 8), try integer(0x3A, 2), try integer(0x3C, 2))
        let sections = try (0..<count).map { index in
            let base = table + index * entrySize
            return (type: try integer(base + 0x04, 4), offset: try integer(base + 0x18, 8),
                    size: try integer(base + 0x20, 8), link: try integer(base + 0x28, 4))
        }
        guard let dynamic = sections.first(where: { $0.type == 6 }) else { return [] }  // SHT_DYNAMIC: a static executable has none
        guard dynamic.link < sections.count else { throw TestFailure("the dynamic section names no string table") }
        let strings = sections[dynamic.link].offset
        var names: [String] = []
        for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
            let tag = try integer(entry, 8)
            if tag == 0 { break }  // DT_NULL
            guard tag == 1 else { continue }  // DT_NEEDED
            let start = strings + (try integer(entry + 8, 8))
            guard let end = bytes[(bytes.startIndex + start)...].firstIndex(of: 0) else { throw TestFailure("an unterminated name") }
            names.append(String(decoding: bytes[(bytes.startIndex + start)..<end], as: UTF8.self))
        }
        return names
    }
}
