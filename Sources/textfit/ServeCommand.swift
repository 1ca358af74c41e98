// `textfit serve`: the measuring service's options (the transports are in ServeHTTP.swift).
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

func runServe(_ arguments: Arguments) throws {
    let stdio = arguments.flags.contains("stdio"), http = arguments.values["http"]
    guard stdio != (http != nil) else { throw CommandError.usage("serve needs --stdio or --http [HOST:]PORT (one of them)") }
    // Issue 27: no file a request names is read unless --font-dir names the one folder allowed.
    let fontFolder: ServiceFontFolder?
    do {
        fontFolder = try arguments.values["font-dir"].map { try ServiceFontFolder($0) }
    } catch {
        throw CommandError.input("\(error)")
    }
    let strings = try arguments.values["strings"].map(readStrings)
    let dispatcher = ServiceDispatcher(engine: try makeEngine(arguments), fontFolder: fontFolder, strings: strings)
    if stdio { serveStdio(dispatcher) }  // exits: 0 at end of input, 4 when stdout is closed
    try serveHTTP(dispatcher, address: http!, allowOrigins: arguments.values["allow-origin"],
                  allowHosts: arguments.values["allow-host"])
}
