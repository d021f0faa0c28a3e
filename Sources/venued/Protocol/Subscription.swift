import VenueReports

/// What a follower of the status asks for: the venues and options of `status`, and how
/// each line presents them (nil: the JSON object; else the text venuectl prints). A
/// `subscribe` connection sends it; a `prompt.NAME` line of the config file makes one.
struct Subscription: Sendable, Equatable {
    let options: StatusOptions
    let presentation: StatusPresentation?
}
