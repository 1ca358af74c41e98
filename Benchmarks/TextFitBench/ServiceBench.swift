// Service benchmark (issue 7): `measure` of single tags in-process (ServiceDispatcher.handle, JSON
// in and out), and over stdio (the JSON-lines server on a pair of pipes, one request in flight at a
// time), so the transport's cost shows. Requests per second and p50/p99 latency.
//
// Entry point: `runServiceBenchmark(library:corpusDirectory:)`, called from main.swift.
import Foundation
import Service
import TextFit

func runServiceBenchmark(corpusDirectory: String) {
    guard let contents = try? String(contentsOfFile: corpusDirectory + "/tags.tsv", encoding: .utf8),
          let engine = try? TextFitEngine(bundledOnly: true) else {
        print("service benchmark: cannot read the corpus or the fonts")
        return
    }
    let tags = contents.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").last.map(String.init) }
    let bodies = tags.map { tag in try! JSONSerialization.data(withJSONObject: ["texts": [tag], "style": "body"]) }
    let dispatcher = ServiceDispatcher(engine: engine)
    for body in bodies { _ = dispatcher.handle("measure", body: body) }  // warm the caches: both passes see warm fonts and lines

    func report(_ name: String, _ latencies: [Double]) {
        let sorted = latencies.sorted()
        let total = latencies.reduce(0, +)
        print(String(format: "  %-34@ %9.0f req/s   p50 %7.1f µs   p99 %7.1f µs", name as NSString,
                     Double(latencies.count) / total, sorted[sorted.count / 2] * 1e6, sorted[sorted.count * 99 / 100] * 1e6))
    }
    print("\nService benchmark: measure one tag per request, \(bodies.count) requests per pass, warm caches")

    var inProcess: [Double] = []
    for _ in 0..<3 {
        for body in bodies {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = dispatcher.handle("measure", body: body)
            inProcess.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    report("in-process (JSON in and out)", inProcess)

    // stdio: the server loop on a thread, the client writing one line and reading one line at a time.
    let toServer = Pipe(), fromServer = Pipe()
    let server = StdioServer(dispatcher: dispatcher)
    let thread = Thread { server.run(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting) }
    thread.start()
    let lines = bodies.enumerated().map { index, body in
        Data(#"{"id":\#(index),"op":"measure","params":"#.utf8) + body + Data("}\n".utf8)
    }
    var stdio: [Double] = []
    var buffer = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let readFD = fromServer.fileHandleForReading.fileDescriptor, writeFD = toServer.fileHandleForWriting.fileDescriptor
    for _ in 0..<3 {
        for line in lines {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = line.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) }
            while !buffer.contains(0x0A) {
                let count = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
                if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
            }
            buffer = buffer[(buffer.firstIndex(of: 0x0A)! + 1)...]
            stdio.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    try? toServer.fileHandleForWriting.close()
    report("stdio (JSON lines over pipes)", stdio)
}
