/// A `Double` of seconds as people read it, checked so that no NaN, infinity or huge value can trap.
package enum Seconds {
    package static func text(_ seconds: Double) -> String { Int(exactly: seconds).map(String.init) ?? String(seconds) }
}
