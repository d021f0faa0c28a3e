#define _GNU_SOURCE
#include <pthread.h>
#include "CLinuxEvents.h"

int venued_name_this_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

#include <sys/resource.h>
#include <unistd.h>

int venued_lower_this_thread(int nice) {
    /* On Linux a thread is a task of its own: PRIO_PROCESS with its tid sets its nice alone. */
    return setpriority(PRIO_PROCESS, (id_t)gettid(), nice);
}
