#include "HeapFigures.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
size_t contactcore_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t contactcore_heap_bytes_in_use(void) { return 0; }
#endif
