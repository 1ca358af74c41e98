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
    /// The cores batches spread over: the processors this process may run on.
    package static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

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
