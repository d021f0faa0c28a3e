extension StringProtocol {
    /// The text without leading and trailing characters from `set`; for the `key = value`
    /// files (venued's config, the cache meta) that both programs read.
    public func trimming(_ set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
