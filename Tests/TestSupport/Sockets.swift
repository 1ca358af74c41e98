import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket connected to 127.0.0.1:`port`, with receive and send timeouts of `timeoutSeconds`,
/// or the `connect(2)` error's text. The caller closes the descriptor.
public func connectLoopback(port: Int, timeoutSeconds: Int) -> Result<Int32, LoopbackError> {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return .failure(LoopbackError(message: "socket failed")) }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else {
        let message = String(cString: strerror(errno))
        close(fd)
        return .failure(LoopbackError(message: "connect to port \(port): \(message)"))
    }
    return .success(fd)
}

/// Why ``connectLoopback(port:timeoutSeconds:)`` failed.
public struct LoopbackError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
