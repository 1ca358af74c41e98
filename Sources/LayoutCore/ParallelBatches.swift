import Dispatch
import Foundation

/// Work on many independent items (texts to measure, screens to lay out) spread over every core, in
/// batches, with the answers in the order of the items.
///
/// A batch is a run of consecutive items given to one thread: big enough that handing it over
/// costs little beside measuring it (a tag takes ~10 µs), small enough that the cores finish
/// together. Callers bound memory by handing over a window of items at a time (`textfit measure
/// --file` reads its input a window at a time).
package enum ParallelBatches {
    /// The cores batches spread over: the processors this process may run on — its affinity
    /// mask (`taskset`, a container's cpuset) where the system has one, else every active one.
    /// (Foundation's `activeProcessorCount` counts the machine's on Linux: two threads taking
    /// turns on one allowed core spent their time slices waiting on each other's locks.)
    package static let cores = allowedProcessors() ?? max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The processors in this process's affinity mask: the set bits of `/proc/self/status`'s
    /// `Cpus_allowed:` line (hex words separated by commas); `nil` where there is none.
    static func allowedProcessors(status: String? = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) -> Int? {
        guard let status, let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        let digits = line.dropFirst("Cpus_allowed:".count).filter { $0 != "," && !$0.isWhitespace }
        let values = digits.compactMap(\.hexDigitValue)
        guard !digits.isEmpty, values.count == digits.count else { return nil }
        let count = values.reduce(0) { $0 + $1.nonzeroBitCount }
        return count > 0 ? count : nil
    }

    /// Items per batch.
    package static let batchSize = 32

    /// `body(range)` for consecutive ranges of `0..<count`, `batchSize` items each (the last may be
    /// shorter), run on every core; the answers in range order. Runs on the calling thread alone
    /// when there is one batch or one core.
    /// - Throws: the error of the first range (in order) whose `body` threw; the other ranges still run.
    package static func map<T>(_ count: Int, batchSize: Int = batchSize, _ body: (Range<Int>) throws -> T) throws -> [T] {
        let batches = (count + batchSize - 1) / batchSize
        func range(_ batch: Int) -> Range<Int> { batch * batchSize..<min(count, (batch + 1) * batchSize) }
        guard batches > 1, cores > 1 else { return try (0..<batches).map { try body(range($0)) } }
        let slots = UnsafeMutableBufferPointer<Result<T, any Error>?>.allocate(capacity: batches)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        // Each batch writes its own slot; `concurrentPerform` returns once every batch is done.
        withoutActuallyEscaping(body) { body in
            let box = UncheckedSendable((body, slots))
            DispatchQueue.concurrentPerform(iterations: batches) { batch in
                let (body, slots) = box.value
                let range = batch * batchSize..<min(count, (batch + 1) * batchSize)
                slots[batch] = Result { try body(range) }
            }
        }
        return try slots.map { try $0!.get() }
    }
}

/// A value handed to the threads of ``ParallelBatches/map(_:batchSize:_:)``: the body and the slots,
/// which each batch touches only at its own index.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
