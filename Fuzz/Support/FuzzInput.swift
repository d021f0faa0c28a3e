// Compiled into every fuzz target (scripts/fuzz): turning libFuzzer's bytes into the
// inputs the parsers take, and a private scratch directory for the parsers that read
// a file by path.
import Glibc

/// libFuzzer's input as an array (it may pass a null pointer for the empty input).
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// The bytes as the programs read their text files: invalid UTF-8 becomes U+FFFD.
func fuzzText(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// An argument vector: the bytes cut at NUL, as the kernel hands `argv` over.
func fuzzArguments(_ bytes: ArraySlice<UInt8>) -> [String] {
    guard !bytes.isEmpty else { return [] }
    return bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
}

/// A directory of this process's own (under $TMPDIR, else /tmp), made once.
let fuzzScratch: String = {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((base + "/venued-fuzz-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { return base }
    return String(cString: made)
}()

/// Replaces the file at `path` with `bytes`.
func fuzzWrite(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
    close(fd)
}

/// The real week of Penn data the request target answers from (scripts/fuzz names it).
func fuzzFixtureBytes() -> [UInt8] {
    guard let path = getenv("VENUED_FUZZ_FEED"), let file = fopen(path, "rb") else { return Array("[]".utf8) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    return bytes
}
