import Foundation
@testable import LayoutCore
import Testing

/// The cores batches spread over are the processors the process may run on: its affinity mask,
/// read from `/proc/self/status` as the kernel writes it (proc(5): `Cpus_allowed`, a mask in hex
/// words of 32 bits separated by commas).
@Suite("Parallel batches use the processors the process may run on")
struct ParallelBatchesTests {
    @Test("The set bits of Cpus_allowed count; no line, an empty mask or a malformed one say nothing")
    func affinityMask() {
        #expect(ParallelBatches.allowedProcessors(status: "Name:\tx\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(ParallelBatches.allowedProcessors(status: "Cpus_allowed:\t1\n") == 1)
        // Two 32-bit words: bits 0 and 32–39.
        #expect(ParallelBatches.allowedProcessors(status: "Cpus_allowed:\tff,00000001\n") == 9)
        #expect(ParallelBatches.allowedProcessors(status: "Name:\tx\n") == nil)
        #expect(ParallelBatches.allowedProcessors(status: "Cpus_allowed:\t0\n") == nil)
        #expect(ParallelBatches.allowedProcessors(status: "Cpus_allowed:\tzz\n") == nil)
        #expect(ParallelBatches.allowedProcessors(status: nil) == nil)
    }

    @Test("On this machine the cores are the mask's, at least one and no more than the machine has")
    func coresOnThisMachine() {
        #expect(ParallelBatches.cores >= 1 && ParallelBatches.cores <= ProcessInfo.processInfo.processorCount)
        if let allowed = ParallelBatches.allowedProcessors() { #expect(ParallelBatches.cores == allowed) }
    }
}
