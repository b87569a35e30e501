#include "LibFuzzerMutate.h"

// Weak: a plain build of the fuzz targets links no libFuzzer, and the symbol stays null.
extern size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));

size_t libfuzzer_mutate(uint8_t *data, size_t size, size_t max_size) {
    return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
}
