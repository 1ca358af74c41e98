import Foundation

/// Bytes appended through a pointer, for the writers of large outputs (``JSONWriter``): an append
/// is a capacity check and a copy, with no uniqueness check or generic sequence copy.
/// `[UInt8].append(contentsOf:)` of a short literal cost ~100 instructions (callgrind), more than
/// the bytes it copied, and a stress report's JSON is five appends per field for 2.6 million fields
/// (the stress benchmark's `report.json`: 1.78 G instructions, with this 1.45 G).
///
/// Not copyable: it owns its memory, freed when it goes. `package`: an implementation detail of
/// TextFit's writers, not API.
package struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes written so far.
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int = 1_024) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes written.
    package var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// A copy of the bytes written, as `Data` (one copy, not through an array).
    package var data: Data { Data(bytes: base, count: count) }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    package mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// `text`'s UTF-8.
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A copy of bytes already written (`range` within the first `count`), appended.
    package mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "appendCopy(of:): \(range) is not within the \(count) bytes written")
        if count + range.count > capacity { grow(toHold: count + range.count) }
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Room for at least `maximum` more bytes, at the returned address; ``advance(by:)`` then
    /// counts what was written there. (No closure: a writer that makes many small writes keeps its
    /// state in registers, where a closure per write was an indirect call.)
    @inline(__always)
    package mutating func reserve(_ maximum: Int) -> UnsafeMutablePointer<UInt8> {
        if count + maximum > capacity { grow(toHold: count + maximum) }
        return base + count
    }

    /// Counts `written` bytes written at the address ``reserve(_:)`` gave.
    @inline(__always)
    package mutating func advance(by written: Int) { count += written }

    /// Capacity for at least `needed` bytes, doubling.
    private mutating func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
