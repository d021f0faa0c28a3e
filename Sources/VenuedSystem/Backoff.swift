/// "Full jitter" exponential backoff: a random wait up to `base * 2^(n-1)`, capped.
public enum Backoff {
    /// Never under a second, so a failing source is not hammered; `unit` (0..<1) is injected for tests.
    public static func delay(failures: Int, base: Double, cap: Double, unit: Double) -> Double {
        let ceiling = min(cap, base * Double(1 << min(max(failures, 1) - 1, 30)))
        return max(1, min(ceiling, ceiling * unit))
    }
}
