#include <sys/timerfd.h>
#include <time.h>
#include "CLinuxEvents.h"

int venued_wall_timer_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

int venued_wall_timer_arm(int fd, long long seconds, long nanoseconds) {
    struct itimerspec when = {
        .it_interval = {0, 0},
        .it_value = {(time_t)seconds, nanoseconds},
    };
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &when, NULL);
}
