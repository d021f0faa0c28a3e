/// The backup feed shipped inside every binary: the last resort when neither
/// network source, the disk cache nor a `--data` file is available.
public enum BundledFeed {
    /// `Resources/backup-venues.json`, byte for byte.
    public static var bytes: [UInt8] { PackageResources.backup_venues_json }
}
