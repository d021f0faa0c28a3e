/// The request lines venuectl sends without fields (docs/PROTOCOL.md); `StatusQuery` makes the others.
package enum DaemonRequest {
    package static let info = #"{"v":1,"cmd":"info"}"#
    package static let refresh = #"{"v":1,"cmd":"refresh"}"#
    package static let feed = #"{"v":1,"cmd":"feed"}"#
}
