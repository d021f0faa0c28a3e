/// The version both programs report and `make deb` packages: one place, so they cannot disagree.
public enum Release {
    public static let version = "0.1.0"
}
