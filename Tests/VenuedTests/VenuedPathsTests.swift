import Testing
@testable import VenuedSystem

/// Where the socket is: XDG_RUNTIME_DIR when it is absolute (trailing slashes dropped),
/// else the private directory in /tmp.
@Suite struct VenuedPathsTests {
    @Test func theSocketFollowsTheRuntimeDirectory() {
        #expect(VenuedPaths.socket(runtimeDirectory: "/run/user/1000", uid: 1000) == "/run/user/1000/venued/venued.sock")
        #expect(VenuedPaths.socket(runtimeDirectory: "/run/user/1000//", uid: 1000) == "/run/user/1000/venued/venued.sock")
        #expect(VenuedPaths.socket(runtimeDirectory: "/run/üser/", uid: 1000) == "/run/üser/venued/venued.sock")
        #expect(VenuedPaths.socket(runtimeDirectory: "run/user/1000", uid: 1000) == "/tmp/venued-1000/venued.sock")
        #expect(VenuedPaths.socket(runtimeDirectory: "", uid: 7) == "/tmp/venued-7/venued.sock")
        #expect(VenuedPaths.socket(runtimeDirectory: nil, uid: 7) == "/tmp/venued-7/venued.sock")
        #expect(VenuedPaths.absolute("/") == "")
        #expect(VenuedPaths.absolute("/a/b/") == "/a/b")
    }
}
