#define _GNU_SOURCE
#include <semaphore.h>
#include <time.h>
#include "CLinuxEvents.h"

int venued_semaphore_wait_until(void *semaphore, long long seconds, long nanoseconds) {
    struct timespec deadline = { .tv_sec = seconds, .tv_nsec = nanoseconds };
    return sem_clockwait((sem_t *)semaphore, CLOCK_MONOTONIC, &deadline);
}
