/// The backup feed shipped inside every binary: the last resort when neither
/// network source, the disk cache nor a `--data` file is available.
public enum BundledFeed {
    /// `Resources/backup-venues.json`, byte for byte.
    public static var bytes: [UInt8] { PackageResources.backup_venues_json }

    /// `Resources/venue-info.json` (penn-basics' venue metadata, 2019): where each venue
    /// is and its page slug, which the feed itself does not carry.
    public static var venueInfoBytes: [UInt8] { PackageResources.venue_info_json }
}
