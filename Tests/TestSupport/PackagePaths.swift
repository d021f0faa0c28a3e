import Foundation

/// Where the package and what SwiftPM built for it are, from any test target.
public enum PackagePaths {
    /// The package root (this file is Tests/TestSupport/PackagePaths.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Real Penn feeds, copied into the repository (Tests/Fixtures/penn/SOURCES.md says from where).
    public static let pennFixtures = root.appendingPathComponent("Tests/Fixtures/penn")

    /// Penn's backup file as a venues JSON file: the bundled 2023 week.
    public static let backupFixture = pennFixtures.appendingPathComponent("pennlabs_backup-data_venues.json").path

    /// The executable `name` SwiftPM built beside the test bundle, else in `.build/debug`.
    public static func product(_ name: String) -> String {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [testBinary, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent(name).path }
            + [root.appendingPathComponent(".build/debug/\(name)").path]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }
}
