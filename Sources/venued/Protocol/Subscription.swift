import VenueReports

/// What a follower of the status asks for; `presentation` nil means the JSON object. A `subscribe` connection
/// sends it; a `prompt.NAME` line makes one.
struct Subscription: Sendable, Equatable {
    let options: StatusOptions
    let presentation: StatusPresentation?
}
