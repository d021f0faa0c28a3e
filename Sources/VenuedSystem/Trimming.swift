extension StringProtocol {
    /// The text without leading and trailing characters from `set`; for the `key = value`
    /// files (venued's config, the cache meta) that both programs read.
    /// Walks in from both ends only as far as the first character to keep: a 64 KB line
    /// (the files' limit) costs what a short one does, where rebuilding it from a reversed
    /// view took a tenth of a second.
    public func trimming(_ set: Set<Character>) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }),
              let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
