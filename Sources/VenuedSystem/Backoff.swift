/// "Full jitter" exponential backoff: a random wait up to `base * 2^(n-1)`, capped. Jitter spreads many
/// clients' retries apart; the cap keeps a long outage from pushing refreshes out further than normal.
public enum Backoff {
    /// `unit` is random in 0..<1, injected so tests can fix it. Never under a second, so a failing source
    /// is not hammered.
    public static func delay(failures: Int, base: Double, cap: Double, unit: Double) -> Double {
        let exponent = Double(min(max(failures, 1) - 1, 30))
        let ceiling = min(cap, base * pow2(exponent))
        return max(1, min(ceiling, ceiling * unit))
    }

    private static func pow2(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent) { result *= 2 }
        return result
    }
}
