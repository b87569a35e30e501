#ifndef LIBFUZZER_MUTATE_H
#define LIBFUZZER_MUTATE_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's own byte mutation of `data` (`LLVMFuzzerMutate`), for a custom mutator to fall
/// back on; in a build without libFuzzer (a plain `swift build`), `size`, the bytes unchanged.
size_t libfuzzer_mutate(uint8_t *data, size_t size, size_t max_size);

#endif
