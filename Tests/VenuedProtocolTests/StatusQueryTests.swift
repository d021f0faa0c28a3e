import DiningHours
import Testing
import VenueReports
import VenuedProtocol

/// The status question on the wire: what venuectl encodes, venued decodes to the same
/// query and presentation, through one table of fields.
@Suite struct StatusQueryTests {
    private func roundTrip(_ command: StatusQuery.Command, _ options: StatusOptions, _ presentation: StatusPresentation?) throws
        -> (StatusOptions, StatusPresentation?) {
        let line = StatusQuery.request(command, options, presentation: presentation)
        let document = try JSONParser.parse(Array(line.utf8))
        guard case .object(let members) = document else { throw TestError("not an object: \(line)") }
        #expect(document["cmd"] == .string(command.rawValue) && document["v"] == .number(1))
        for (name, _) in members where name != "v" && name != "cmd" {
            #expect(StatusQuery.names(command).contains(name), "\(name) is sent but not allowed")
        }
        let fields = RequestFields(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        return try StatusQuery.decode(command, fields)
    }

    @Test func everyOptionOfStatusComesBackAsSent() throws {
        var options = StatusOptions()
        options.venues = ["commons", "593"]
        options.openNow = true
        options.kinds = [.diningHall, .retail]
        options.favorites = true
        options.favoriteIDs = [593, 1442]
        options.near = try Coordinate(nearArgument: "39.9522,-75.1932")
        options.at = "2023-09-18T12:00"
        options.tz = "Europe/Paris"
        options.estimate = false
        options.soonMinutes = 20
        options.hideEmpty = true
        let presentation = StatusPresentation(format: .template(try StatusTemplate("{name} {state}")), color: true,
                                              userZone: "Asia/Tokyo", columns: 80, countdown: false)
        let (decoded, shown) = try roundTrip(.status, options, presentation)
        #expect(decoded == options && shown == presentation)
    }

    @Test func defaultsSendLittleAndComeBackTheSame() throws {
        let (decoded, shown) = try roundTrip(.status, StatusOptions(), nil)
        #expect(decoded == StatusOptions() && shown == nil)
        #expect(StatusQuery.request(.status, StatusOptions(), presentation: nil) == #"{"v":1,"cmd":"status","soon":15}"#)
    }

    @Test func aSubscriptionFollowsThePresentAndCarriesNoInstant() throws {
        var options = StatusOptions()
        options.at = "2023-09-18T12:00"
        options.format = .json
        #expect(!StatusQuery.names(.subscribe).contains("at") && StatusQuery.names(.status).contains("at"))
        let (decoded, _) = try roundTrip(.subscribe, options, StatusPresentation(format: .waybar))
        #expect(decoded.at == nil)
    }

    @Test func wrongTypesAreRefusedWithTheFieldsName() throws {
        let bad: [(String, JSONValue, String)] = [
            ("soon", .string("x"), "\"soon\" must be a whole number from 0 to 1440"),
            ("open_now", .number(1), "\"open_now\" must be true or false"),
            ("favorite_ids", .array([.string("593")]), "\"favorite_ids\" must list venue ids"),
            ("venues", .array([.number(1e300)]), "\"venues\" must list strings or venue ids"),
            ("render", .string("xml"), "unknown format 'xml'"),
        ]
        for (name, value, message) in bad {
            #expect(throws: ProtocolError.self, "\(name)") { try StatusQuery.decode(.status, RequestFields([name: value])) }
            do { _ = try StatusQuery.decode(.status, RequestFields([name: value])) } catch {
                #expect(error.message.contains(message), "\(name): \(error.message)")
            }
        }
    }
}

struct TestError: Error {
    let description: String
    init(_ description: String) { self.description = description }
}
