import VenueReports

/// venuectl's errors in a bar's or a prompt's format (`BarError` draws them).
extension BarError {
    static func render(_ error: CLIError, in format: StatusFormat) -> String? {
        render(brief: brief(error), message: "\(error)", in: format)
    }

    /// A few words that say which kind of mistake, and so where to look; the whole line
    /// is what `status` prints on stderr, or in a terminal with the plain format.
    static func brief(_ error: CLIError) -> String {
        switch error {
        case .answer(.config), .answer(.unknownZone(_, _?, _)): return "config error"
        case .answer(.unknownZone): return "unknown time zone"
        case .answer(.unknownVenue): return "unknown venue"
        case .answer(.ambiguousVenue): return "ambiguous venue"
        case .answer(.usage): return "usage error"
        case .answer(.unreadableData), .answer(.invalidData): return "data error"
        case .answer(.unwritable), .notAnOutput, .daemonUnavailable, .refreshFailed, .noPage, .openFailed, .answer(.environment), .outputFailed:
            return "error"
        }
    }
}
