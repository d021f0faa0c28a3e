#include <unistd.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include "CLinuxEvents.h"

int venued_signal_descriptor(const int *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int venued_signal_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t count = read(fd, &info, sizeof info);
    return count == (ssize_t)sizeof info ? (int)info.ssi_signo : -1;
}

int venued_interval_timer(long long microseconds) {
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (fd < 0) return -1;
    struct timespec every = {(time_t)(microseconds / 1000000), (long)(microseconds % 1000000) * 1000};
    struct itimerspec when = {.it_interval = every, .it_value = every};
    if (timerfd_settime(fd, 0, &when, NULL) != 0) { close(fd); return -1; }
    return fd;
}
