import DiningHours
import Glibc
import VenuedSystem

/// `--menus`: a file, or a folder by date (`2026-03-05.json`) of which only the dates asked about are read, unlisted.
public struct MenuCopy: Sendable {
    public let book: MenuBook, path: String
    public let skipped: String?
    /// The dates whose file the folder lacks, for "no menus" answers; empty for a file.
    public let missingDates: [LocalDate]

    package init(book: MenuBook, path: String, skipped: String?, missingDates: [LocalDate]) {
        (self.book, self.path, self.skipped, self.missingDates) = (book, path, skipped, missingDates)
    }

    package static func load(_ path: String, dates: ClosedRange<LocalDate>, zone: ZoneRules) throws(AnswerError) -> MenuCopy {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadableData(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            let (menus, skipped) = try read(path, zone: zone)
            return MenuCopy(book: MenuBook(menus), path: path, skipped: skipped, missingDates: [])
        }
        var menus: [Menu] = [], skipped: String?, missing: [LocalDate] = []
        for dayNumber in dates.lowerBound.dayNumber...dates.upperBound.dayNumber {
            let date = LocalDate(dayNumber: dayNumber), file = path + (path.hasSuffix("/") ? "" : "/") + "\(date).json"
            guard access(file, F_OK) == 0 else {
                missing.append(date)
                continue
            }
            let (found, skippedHere) = try read(file, zone: zone)
            menus += found
            skipped = skipped ?? skippedHere
        }
        return MenuCopy(book: MenuBook(menus), path: path, skipped: skipped, missingDates: missing)
    }

    private static func read(_ path: String, zone: ZoneRules) throws(AnswerError) -> (menus: [Menu], skipped: String?) {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: BoundedFile.feedLimit, streams: true) } catch { throw AnswerError(error) }
        let document: MenuDocument
        do { document = try MenuDecoder.decode(bytes, zone: zone) } catch {
            throw .invalidData(path: path, reason: "\(error)", kind: "menus")
        }
        return (document.menus, SkippedData.line(path, warnings: document.warnings, count: document.warningCount))
    }
}

/// The one stderr line for what a decoder skipped of a file a person named: the first warning and how many more.
package enum SkippedData {
    package static func line(_ path: String, warnings: [FeedWarning], count: Int) -> String? {
        warnings.first.map { "skipped part of \(path): \($0)" + (count > 1 ? " (and \(count - 1) more)" : "") }
    }
}
