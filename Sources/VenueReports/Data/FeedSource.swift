/// An answer's `source` (HOURS.md §4): venued serves the first four; venuectl alone adds `file` for `--data`.
public enum FeedSource: String, Sendable {
    case primary, backup, cache, bundled, file
}
