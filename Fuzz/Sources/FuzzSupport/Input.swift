// Turning fuzz bytes into parameters: a reader that takes bytes from the front (0 once they run
// out), so the first bytes of an input choose widths, limits and modes and the rest is the text.
// Shared fixtures (the bundled-font shaper, a scratch folder in tmpfs) live here too.
import Foundation
import TextFit

public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, or 0 when the input is used up.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A big-endian 16-bit number from the next two bytes.
    public mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    /// One of `choices`, chosen by the next byte.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

    /// The bytes not read yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }

    /// A proposal length: `nil`, 0, ∞, NaN, negative, or 0…1024 pt in 1/64 pt steps (two bytes).
    public mutating func proposal() -> Double? {
        let selector = byte()
        let fine = Double(uint16()) / 64
        switch selector % 16 {
        case 0: return nil
        case 1: return 0
        case 2: return .infinity
        case 3: return .nan
        case 4: return -fine
        case 5: return fine / 64  // sub-point widths
        default: return fine
        }
    }
}

/// The bundled fonts only (no Fontconfig): the same answer on every machine, and fast.
public enum Fixtures {
    public static let engine: TextFitEngine = {
        do { return try TextFitEngine(bundledOnly: true) } catch { fatalError("cannot open the bundled fonts: \(error)") }
    }()
    public static var shaper: Shaper { engine.shaper }

    /// A per-process folder in tmpfs for inputs that readers take as files.
    public static let scratch: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        // Folders of processes that crashed (atexit did not run) are removed here.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix("textfit-fuzz-") {
            if let pid = Int32(name.dropFirst("textfit-fuzz-".count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: base + "/" + name)
            }
        }
        let url = URL(fileURLWithPath: base).appendingPathComponent("textfit-fuzz-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Fixtures.scratch) }
        return url
    }()

    /// Writes `bytes` to `relativePath` inside the scratch folder and returns the file's path.
    public static func write(_ bytes: [UInt8], to relativePath: String) -> String {
        let url = scratch.appendingPathComponent(relativePath)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(bytes).write(to: url)
        return url.path
    }
}
