import Foundation
import TextFit

/// Answers the service's operations — `measure`, `layout`, `render`, `fonts`, `stress-check` —
/// from JSON bodies, with the same Codable types as the CLI (one schema). Transport-independent:
/// stdio and HTTP both call ``handle(_:body:)``. Thread-safe; fonts and caches are shared.
public final class ServiceDispatcher: Sendable {
    public let engine: TextFitEngine
    public let limits: ServiceLimits

    public init(engine: TextFitEngine, limits: ServiceLimits = ServiceLimits()) {
        self.engine = engine
        self.limits = limits
    }

    /// The operations by name.
    public static let operations = ["measure", "layout", "render", "fonts", "stress-check"]

    /// Handles one operation with a JSON body (an empty body is `{}`).
    public func handle(_ operation: String, body: Data) -> ServiceResponse {
        do {
            return try respond(operation, body: body)
        } catch {
            return error.response
        }
    }

    func respond(_ operation: String, body: Data) throws(ServiceError) -> ServiceResponse {
        throw ServiceError(.unknownOperation, "'\(operation)' is not an operation (\(Self.operations.joined(separator: ", ")))")
    }
}
