import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Everything left to read from `handle`, up to its end of file.
///
/// `FileHandle.readDataToEndOfFile()` traps (a `try!` inside Foundation) when `read(2)` is
/// interrupted by a signal (`EINTR`), which happens when tests that start processes run in
/// parallel: a child's `SIGCHLD` can land on the reading thread. This retries instead.
public func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}
