import BundledFeed
import DiningHours

/// From penn-basics' metadata (this copy fixes Accenture Café's longitude, which lacked its minus sign).
public struct VenueInfo: Sendable, Equatable {
    public let id: Int, latitude: Double, longitude: Double, address: String?, description: String?
    /// The venue's path on Bon Appétit's Penn site (penn-basics' `pennDiningSlug`).
    public let slug: String?

    public static let pageBase = "https://university-of-pennsylvania.cafebonappetit.com/cafe/"
    public var pageURL: String? { slug.map { Self.pageBase + $0 } }
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    public static let bundled: [Int: VenueInfo] = parse(BundledFeed.venueInfoBytes)

    /// Entries without a numeric id or coordinates are left out: the file is ours and checked by a test.
    package static func parse(_ bytes: [UInt8]) -> [Int: VenueInfo] {
        guard case .object(let members)? = try? JSONParser.parse(bytes) else { return [:] }
        var result: [Int: VenueInfo] = [:]
        for (key, value) in members {
            guard let id = Int(key), case .number(let lat)? = value["lat"], case .number(let lng)? = value["lng"] else { continue }
            result[id] = VenueInfo(id: id, latitude: lat, longitude: lng,
                                   address: text(value["address"]), description: text(value["description"]),
                                   slug: text(value["pennDiningSlug"]))
        }
        return result
    }

    private static func text(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value, !text.isEmpty else { return nil }
        return text
    }
}
