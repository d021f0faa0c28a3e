#include <malloc.h>
#include "CLinuxEvents.h"

int venued_limit_malloc_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}

int venued_release_free_memory(void) {
    return malloc_trim(0);
}
