// libFuzzer's driver, callable from Swift: each fuzz target's main.swift calls fuzz_run with its
// test function, and libFuzzer parses the command line (-max_total_time=…, corpus folders) as usual.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

static inline int fuzz_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
