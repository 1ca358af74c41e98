import Foundation
import Service

/// `textfit serve --http [HOST:]PORT`: filled in when the HTTP server lands.
func serveHTTP(_ dispatcher: ServiceDispatcher, address: String) throws {
    throw CommandError.usage("--http is not available in this build yet; use --stdio")
}
