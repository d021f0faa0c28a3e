import Glibc

/// A point for `--near LAT,LON`. Distances are great-circle ones, so walking minutes are a floor.
public struct Coordinate: Hashable, Sendable {
    public let latitude: Double, longitude: Double
    package static let earthRadius = 6_371_008.8
    /// 80 m a minute (4.8 km/h): a usual walking pace, rounded so minutes come out whole.
    package static let walkingMetresPerMinute = 80.0
    /// The flag's value as the protocol carries it, so venued parses what venuectl did.
    public var text: String { "\(latitude),\(longitude)" }

    /// Metres along the great circle (haversine: well-conditioned for short distances).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians, dLon = (other.longitude - longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }

    public static func walkingMinutes(_ metres: Double) -> Int {
        max(1, Int((metres / walkingMetresPerMinute).rounded(.up)))
    }

    package static func distanceText(_ metres: Double) -> String {
        if metres < 1000 { return "\(Int((metres / 10).rounded()) * 10) m" }
        let tenths = Int((metres / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) km"
    }
}

extension Coordinate {
    /// Also venuectl.conf's `near` and the protocol's, with one set of messages (`200,0` is a point mistyped).
    public init(nearArgument text: String) throws(AnswerError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Double(parts[0].trimming([" "])), let longitude = Double(parts[1].trimming([" "])),
              latitude.isFinite, longitude.isFinite else {
            throw .usage("--near takes LAT,LON in decimal degrees, e.g. 39.9522,-75.1932, not '\(text)'")
        }
        guard (-90...90).contains(latitude) else {
            throw .usage("--near \(text): latitude \(Self.number(latitude)) is out of range (-90..90)")
        }
        guard (-180...180).contains(longitude) else {
            throw .usage("--near \(text): longitude \(Self.number(longitude)) is out of range (-180..180)")
        }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// `200`, not `200.0`: the number as a person would have typed it.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
}
