// Fuzz target `service`: the measuring service's request decoding and dispatch, as `textfit serve`
// runs them (docs/service.md), in-process through the FuzzService mirror of Sources/Service.
// Input starting with `{`: one stdio line → StdioServer.respond(to:). Anything else: the first byte
// picks the operation and the rest is an HTTP body → ServiceDispatcher.handle(_:body:).
// Checks: stdio answers every non-blank line with one line of JSON, an object with the id and
// exactly one of result/error; HTTP answers a documented status with a JSON object (an error object
// unless 200) or SVG; nothing ends as `internal` (500), which only an unexpected error gives.
// A request that is JSON runs a second time with one number made extreme (JSONExtremes).
import Foundation
import FuzzService
import FuzzSupport
import TextFit

let dispatcher = ServiceDispatcher(engine: Fixtures.engine)
let stdio = StdioServer(dispatcher: dispatcher)
let operations = ServiceDispatcher.operations + ["nope"]

func json(_ data: Data) -> [String: Any]? { (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] }

func check(_ bytes: [UInt8]) {
    let input = String(decoding: bytes, as: UTF8.self)
    if let json = try? JSONSerialization.jsonObject(with: Data(bytes.first == UInt8(ascii: "{") ? bytes[...] : bytes.dropFirst())),
       knownBadCount(json) || knownHugeLength(json) { return }
    if bytes.first == UInt8(ascii: "{") {
        guard let line = stdio.respond(to: Data(bytes)) else { violation("stdio skipped a non-blank line", input: input) }
        if line.contains(0x0A) { violation("stdio answered more than one line", input: input) }
        guard let object = json(line), object.keys.contains("id"), (object["result"] == nil) != (object["error"] == nil) else {
            violation("stdio answered \(String(decoding: line.prefix(300), as: UTF8.self))", input: input)
        }
        if let error = object["error"] as? [String: Any], error["code"] as? String == "internal",
           !(Known.skips("non-finite-json") && "\(error["message"] ?? "")".contains("Unable to encode")) {
            violation("stdio answered an internal error: \(error)", input: input)
        }
        return
    }
    let operation = operations[Int(bytes.first ?? 0) % operations.count]
    let body = Data(bytes.dropFirst())
    let response = dispatcher.handle(operation, body: body)
    func fail(_ what: String) -> Never { violation("\(operation): \(what) — status \(response.status), body \(String(decoding: response.body.prefix(300), as: UTF8.self))", input: input) }
    let knownNonFinite = Known.skips("non-finite-json") && String(decoding: response.body, as: UTF8.self).contains("Unable to encode")
    if ![200, 400, 404, 413, 422].contains(response.status), !knownNonFinite { fail("unexpected status") }
    if response.contentType.hasPrefix("image/svg") {
        if response.status != 200 || !String(decoding: response.body.prefix(200), as: UTF8.self).contains("<svg") { fail("not an SVG") }
        return
    }
    guard let object = json(response.body) else { fail("the body is not a JSON object") }
    if (response.status == 200) == (object["error"] != nil) { fail("error object and status disagree") }
}

fuzzMain { bytes in
    check(bytes)
    // The same request with one number made extreme (JSONExtremes).
    let json = bytes.first == UInt8(ascii: "{") ? bytes[...] : bytes.dropFirst()
    if let object = try? JSONSerialization.jsonObject(with: Data(json)),
       let variant = JSONExtremes.variant(of: object, seed: JSONExtremes.seed(bytes)),
       let text = try? JSONSerialization.data(withJSONObject: variant, options: [.sortedKeys]) {
        check(bytes.first == UInt8(ascii: "{") ? Array(text) : [bytes[0]] + Array(text))
    }
}
