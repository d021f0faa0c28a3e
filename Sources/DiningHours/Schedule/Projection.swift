extension Coverage {
    /// The covered date whose hours stand in for `date` (SPEC §3): the same weekday,
    /// the latest such date when projecting forward and the earliest when projecting
    /// backward. nil inside the coverage, or when no covered date has that weekday.
    public func projectionSource(for date: LocalDate) -> LocalDate? {
        if date > last {
            let source = last.adding(days: -((last.weekday - date.weekday + 7) % 7))
            return source >= first ? source : nil
        }
        if date < first {
            let source = first.adding(days: (date.weekday - first.weekday + 7) % 7)
            return source <= last ? source : nil
        }
        return nil
    }
}
