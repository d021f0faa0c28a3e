import VenueReports

/// A request venued cannot answer; sent back as `{"ok":false,"error":...,"code":...}`.
package struct ProtocolError: Error {
    package let message: String
    package let code: ErrorCode
    package let details: [(String, String)]

    package init(_ message: String, code: ErrorCode = .badRequest) {
        self.message = message
        self.code = code
        details = []
    }

    package init(_ error: AnswerError) {
        message = error.answerMessage
        code = error.code
        details = error.answerDetails
    }

    package func prefixed(_ context: String) -> ProtocolError {
        ProtocolError(message: "\(context): \(message)", code: code, details: details)
    }

    private init(message: String, code: ErrorCode, details: [(String, String)]) {
        self.message = message
        self.code = code
        self.details = details
    }
}
