import VenueReports

/// A request venued cannot answer; sent back as `{"ok":false,"error":...,"code":...}`.
package struct ProtocolError: Error {
    package let message: String
    package let code: ErrorCode
    package let details: [(String, String)]
}

// In an extension, so the memberwise init stays.
extension ProtocolError {
    package init(_ message: String, code: ErrorCode = .badRequest) {
        self.init(message: message, code: code, details: [])
    }

    package init(_ error: AnswerError) {
        self.init(message: error.answerMessage, code: error.code, details: error.answerDetails)
    }

    package func prefixed(_ context: String) -> ProtocolError {
        ProtocolError(message: "\(context): \(message)", code: code, details: details)
    }
}
