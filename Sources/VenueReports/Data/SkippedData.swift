import DiningHours

/// The one stderr line for what a decoder skipped of a file a person named: the first warning and how many more.
package enum SkippedData {
    package static func line(_ path: String, warnings: [FeedWarning], count: Int) -> String? {
        warnings.first.map { "skipped part of \(path): \($0)" + (count > 1 ? " (and \(count - 1) more)" : "") }
    }
}
