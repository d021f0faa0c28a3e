import Foundation

// venued-bench: release-mode timings of the DiningHours engine on the real Penn feed,
// with Foundation baselines measured in the same run. `scripts/bench` builds this,
// runs the Python baseline too, cross-checks the answers and prints one table.
//
//     venued-bench           timings as tab-separated records (see `Report`)
//     venued-bench --check   the engine's answers at fixed instants, for the cross-check


let subject = Subject.load()
if CommandLine.arguments.dropFirst().contains("--check") {
    CrossCheck.run(subject)
    exit(0)
}

var harness = Harness()
FeedBenchmarks.decoding(subject, &harness)
FeedBenchmarks.feedTimes(subject, &harness)
StatusBenchmarks.run(subject, &harness)
ScheduleBenchmarks.week(subject, &harness)
ScheduleBenchmarks.transitions(subject, &harness)
print("checksum\t\(harness.checksum)")
