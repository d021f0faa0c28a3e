import Testing
import VenueReports
import VenuedProtocol

/// The prompt's request line, written piece by piece, is the JSON object the members
/// describe: the same bytes as composing it whole.
@Suite struct ForwardedStatusLineTests {
    private func composed(_ arguments: [String], _ environment: [(name: String, value: String)], _ tty: Bool) -> String {
        JSONText.object([
            ("v", "1"), ("cmd", JSONText.quote("venuectl")),
            ("args", JSONText.array(arguments.map(JSONText.quote))),
            ("env", JSONText.object(environment.map { ($0.name, JSONText.quote($0.value)) })),
            ("tty", tty ? "true" : "false"),
        ])
    }

    @Test func theLineIsTheComposedObject() {
        let cases: [([String], [(name: String, value: String)], Bool)] = [
            ([], [], false),
            (["--format", "prompt"], [], true),
            ([], [("HOME", "/home/a")], false),
            (["--format", "prompt", "quote\"back\\slash\nline\u{1}"], [("HOME", "/home/ü"), ("TERM", "xterm\t256"), ("TZ", "")], false),
        ]
        for (arguments, environment, tty) in cases {
            #expect(ForwardedStatus.request(arguments: arguments, environment: environment, stdoutIsTTY: tty) == composed(arguments, environment, tty))
        }
    }
}
