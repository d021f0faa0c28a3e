/// Timing with `ContinuousClock`: calibrate a batch to about `target`, warm up, then
/// time `repetitions` batches and report the median and the fastest per operation.
///
/// Every body returns an `Int` derived from its results; the sum goes into `checksum`
/// and is printed at the end, so the optimizer cannot delete the work being timed.
struct Harness {
    var repetitions = 21
    var target: Duration = .milliseconds(20)
    private(set) var checksum = 0

    /// Nanoseconds per operation, where one call of `body` performs `operations` of them.
    mutating func time(operations: Int = 1, _ body: () -> Int) -> Timing {
        let clock = ContinuousClock()
        var sink = 0
        // Calibrate by doubling (these runs also warm caches and branch predictors).
        var calls = 1
        while true {
            let elapsed = clock.measure { for _ in 0..<calls { sink &+= body() } }
            if elapsed >= target / 4 || calls >= 1 << 30 {
                let scale = target / max(elapsed, .nanoseconds(1))
                calls = max(1, Int((Double(calls) * scale).rounded()))
                break
            }
            calls *= 2
        }
        for _ in 0..<2 { for _ in 0..<calls { sink &+= body() } }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let elapsed = clock.measure { for _ in 0..<calls { sink &+= body() } }
            samples.append(elapsed.nanoseconds / Double(calls * operations))
        }
        checksum &+= sink
        samples.sort()
        return Timing(medianNs: samples[samples.count / 2], minNs: samples[0])
    }
}

struct Timing {
    let medianNs: Double
    let minNs: Double

    /// Operations per second at the median.
    var perSecond: Double { 1e9 / medianNs }
}

/// The units a row is printed in; the value is always measured in nanoseconds.
enum TimeUnit: String {
    case ms, µs, ns

    var nanoseconds: Double {
        switch self {
        case .ms: return 1e6
        case .µs: return 1e3
        case .ns: return 1
        }
    }
}

/// The output that `scripts/bench` formats into its table, one tab-separated record a line:
///     section <TAB> title
///     row <TAB> id <TAB> label <TAB> median <TAB> min <TAB> unit <TAB> note
/// The Python baseline prints the same records, so both land in one table.
enum Report {
    static func section(_ title: String) { print("section\t\(title)") }

    static func row(_ id: String, _ label: String, _ timing: Timing, _ unit: TimeUnit, note: String = "") {
        let median = timing.medianNs / unit.nanoseconds, fastest = timing.minNs / unit.nanoseconds
        print("row\t\(id)\t\(label)\t\(median)\t\(fastest)\t\(unit.rawValue)\t\(note)")
    }
}

/// The sum of `body` over `elements`, the way a caller holding `[Schedule]` would loop.
/// Note: Swift copies each element out of the array for the call (for a `Schedule`,
/// a dozen retain/release pairs, about half of a status lookup); `reusing` rows show
/// the cost without that copy.
func sum<Element>(_ elements: [Element], _ body: (Element) -> Int) -> Int {
    var total = 0
    for index in elements.indices { total &+= body(elements[index]) }
    return total
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// Decimal with thousands separators: `1,234,567`.
func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var result = ""
    for (index, character) in digits.reversed().enumerated() {
        if index > 0, index % 3 == 0, character != "-" { result.append(",") }
        result.append(character)
    }
    return String(result.reversed())
}

/// `x` with one decimal, for ratios and rates: `4.2`.
func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
}
