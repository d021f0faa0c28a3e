import VenueReports

/// What a `subscribe` request asks for: the venues and options of `status`, and how each
/// pushed line presents them (nil: the JSON object; else the text venuectl prints).
struct Subscription: Sendable {
    let options: StatusOptions
    let presentation: StatusPresentation?
}
