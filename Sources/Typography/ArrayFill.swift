extension Array {
    /// `count` copies of `value`: what `Array(repeating:count:)` makes, allocated through a path
    /// the compiler specialises in the caller.
    ///
    /// On Linux `Array(repeating:count:)`, `reserveCapacity` and `init(unsafeUninitializedCapacity:)`
    /// allocate through the standard library's unspecialised buffer code, which looks the storage
    /// class's generic metadata up at run time on every call (callgrind: ~400 instructions, more
    /// than the allocation itself, for a 20-element `[Double]`); `Array(repeatElement(…))` does not.
    /// Used where short per-text arrays are made for every string measured.
    @inlinable
    package init(filledWith value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}
