import DiningHours

/// When a watched status can next read differently: what `watch` and `subscribe` sleep until, to redraw only then.
public enum Redraw {
    /// Nil when nothing changes within the lookahead (the caller still wakes hourly for a stepped clock).
    public static func next(after report: StatusReport, campus: Campus, presentation: StatusPresentation?) -> Instant? {
        let now = report.at, soon = report.options.soonMinutes * 60
        // Local midnight is always a candidate, so only the stretch up to it is scanned, not the 14-day lookahead.
        let midnight = report.zone.instant(for: LocalDateTime(date: report.zone.localDate(of: now).adding(days: 1), secondOfDay: 0))
        var candidates: [Instant] = [midnight] + [report.dishesChangeAt].compactMap { $0 }
        // Soonest first: once a closing-soon start lies past the earliest candidate, no later one comes sooner.
        for transition in campus.transitions(after: now, through: min(now + Timetable.lookahead, midnight + soon), estimate: report.options.estimate) {
            if let earliest = candidates.min(), transition.at - soon > earliest { break }
            candidates.append(transition.at)
            if transition.kind == .closes, transition.at - soon > now { candidates.append(transition.at - soon) }
        }
        // A meal starting or ending ("Brunch until 2:00 PM" becomes "Lunch") changes an open venue's text too.
        for row in report.rows {
            guard let timetable = campus.timetables.first(where: { $0.venue.id == row.venue.id }) else { continue }
            let intervals = timetable.schedule(around: now, estimate: report.options.estimate).intervals
            candidates += intervals.flatMap { [$0.start, $0.end] }.filter { $0 > now && $0 <= midnight }
        }
        if let window = countdownWindow(presentation, soon: soon) {
            for row in report.rows {
                guard let end = row.status.changesAt, end > now else { continue }
                // Inside the window, when "N min" becomes "N-1 min" (`ClockText.duration` rounds up); before it, the
                // instant the countdown starts.
                candidates.append(end - now <= window ? end - 60 * ((end - now + 59) / 60 - 1) : end - window)
            }
        }
        if let stale = report.dataAge.staleFrom { candidates.append(stale) }
        return candidates.filter { $0 > now }.min()
    }

    package static func countdownWindow(_ presentation: StatusPresentation?, soon: Int) -> Int? {
        guard let presentation, presentation.countdown else { return nil }
        switch presentation.format {
        case .json: return nil
        // The phrase alone: "closes in 12 min" inside the closing-soon window.
        case .prompt, .polybar, .tmux: return soon
        case .template(let template):
            if template.pieces.contains(.field(.changesIn)) { return Int.max }
            if template.pieces.contains(.field(.detail)) { return max(VenueLine.countdownLimit, soon) }
            return template.pieces.contains(.field(.phrase)) ? soon : nil
        // Plain text and the bars' tooltips carry the detail, which counts down through the last hour.
        case .plain, .waybar, .i3blocks, .i3bar, .i3statusRS: return max(VenueLine.countdownLimit, soon)
        }
    }
}
