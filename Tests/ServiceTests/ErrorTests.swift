import Testing
@testable import Service
@Test func errorCodesMapToStatuses() { #expect(ServiceError(.payloadTooLarge, "x").status == 413) }
