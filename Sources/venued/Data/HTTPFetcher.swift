import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The HTTP validators of a cached copy, sent back for a conditional GET.
struct Validators: Sendable, Equatable {
    var etag: String?
    var lastModified: String?
}

/// What one GET produced. Only a 200 with a body under the cap is a body; anything
/// else is a failure with a reason a person can act on.
enum FetchResult: Sendable, Equatable {
    case body([UInt8], Validators)
    case notModified
    case failed(String)
}

/// One blocking GET at a time, with a fresh ephemeral session (no disk cache, no
/// cookies: nothing written under `~`, which matters under systemd sandboxing).
struct HTTPFetcher: Sendable {
    /// Real feeds are ~60 KB; a body this large is not a venue list.
    static let sizeLimit = 4 << 20

    let timeout: Double

    func fetch(_ url: String, validators: Validators?) -> FetchResult {
        guard let target = URL(string: url) else { return .failed("'\(url)' is not a URL") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let collector = BodyCollector(limit: Self.sizeLimit)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("venued", forHTTPHeaderField: "User-Agent")
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = validators?.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        let task = session.dataTask(with: request)
        task.resume()
        // The session's own timeouts end the task; this bound is a second guard.
        if collector.done.wait(timeout: .now() + timeout + 2) == .timedOut {
            task.cancel()
            return .failed("no answer within \(timeout) s")
        }
        return collector.result(conditional: validators != nil)
    }
}

/// Collects a response body, cancelling as soon as it is over the cap.
private final class BodyCollector: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var status = 0
        var headers: [String: String] = [:]
        var body: [UInt8] = []
        var failure: String?
    }

    let done = DispatchSemaphore(value: 0)
    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let tooLarge = response.expectedContentLength > Int64(limit)
        state.withLock { state in
            state.status = http?.statusCode ?? 0
            for (key, value) in http?.allHeaderFields ?? [:] {
                if let key = key as? String, let value = value as? String { state.headers[key.lowercased()] = value }
            }
            if tooLarge { state.failure = "the body is \(response.expectedContentLength) bytes, over the \(limit >> 20) MB cap" }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state -> Bool in
            state.body.append(contentsOf: data)
            guard state.body.count > limit else { return false }
            state.failure = "the body is over the \(limit >> 20) MB cap"
            return true
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            state.withLock { state in
                if state.failure == nil { state.failure = Self.describe(error) }
            }
        }
        done.signal()
    }

    func result(conditional: Bool) -> FetchResult {
        state.withLock { state in
            if let failure = state.failure { return .failed(failure) }
            switch state.status {
            case 200:
                return .body(state.body, Validators(etag: state.headers["etag"], lastModified: state.headers["last-modified"]))
            case 304 where conditional:
                return .notModified
            default:
                let snippet = String(decoding: state.body.prefix(160), as: UTF8.self)
                    .map { $0.isNewline || $0 == "\t" ? " " : $0 }
                return .failed("HTTP \(state.status)" + (snippet.isEmpty ? "" : ": \(String(snippet))"))
            }
        }
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? URLError else { return "\(error)" }
        switch error.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "connection refused"
        case .networkConnectionLost: return "the connection closed before the body was complete"
        case .cannotFindHost: return "unknown host"
        default: return "network error \(error.code.rawValue): \(error.localizedDescription)"
        }
    }
}
