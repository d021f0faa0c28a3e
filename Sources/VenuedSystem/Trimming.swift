extension StringProtocol {
    /// Walks in from both ends only as far as the first character to keep, so a 64 KB line costs what a
    /// short one does.
    public func trimming(_ set: Set<Character>) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }),
              let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
