/// The version both programs report (`venuectl --version`, `venued --version`, `info`), and the one `make deb`
/// packages: one place, so they cannot disagree.
public enum Release {
    public static let version = "0.1.0"
}
