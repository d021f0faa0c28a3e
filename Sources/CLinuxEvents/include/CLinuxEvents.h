// The Linux interfaces that Swift's Glibc module does not export: epoll(7) and
// eventfd(2), for venued's connection loop, accept4(2) and pthread_setname_np(3)
// (declared by glibc only under _GNU_SOURCE, hence the wrappers compiled in socket_calls.c
// and thread_name.c), timerfd(2) for deadlines on the wall clock (wall_timer.c),
// glibc's malloc tuning (malloc.c), and the terminal's alternate screen with signal
// handlers that leave it (terminal_screen.c).
#ifndef C_LINUX_EVENTS_H
#define C_LINUX_EVENTS_H

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <stddef.h>

/// A CLOCK_REALTIME timerfd, non-blocking and close-on-exec; -1 (errno set) on failure.
int venued_wall_timer_create(void);

/// Arms `fd` to expire at `seconds` + `nanoseconds` of CLOCK_REALTIME, an absolute
/// deadline (TFD_TIMER_ABSTIME) whose read fails with ECANCELED as soon as the clock
/// is set, either way, or the system resumes (TFD_TIMER_CANCEL_ON_SET). 0 or -1.
int venued_wall_timer_arm(int fd, long long seconds, long nanoseconds);

/// accept4(fd, NULL, NULL, flags): one call for the connection and its
/// SOCK_CLOEXEC | SOCK_NONBLOCK flags, instead of accept plus two fcntl calls.
int venued_accept4(int fd, int flags);

/// recv, send and close for the connection loop, as plain system calls: the same results
/// and errno, without glibc's cancellation-point bookkeeping (socket_calls.c says why).
long venued_recv(int fd, void *buffer, size_t count, int flags);
long venued_send(int fd, const void *bytes, size_t count, int flags);
int venued_close(int fd);

/// pthread_setname_np(pthread_self(), name): the name `top -H` and `ps -L` show for the
/// calling thread. 0, or ERANGE when `name` has more than 15 bytes.
int venued_name_this_thread(const char *name);

/// setpriority(PRIO_PROCESS, gettid(), nice): the calling thread's nice value alone
/// (Linux schedules threads as tasks of their own). 0, or -1 with errno.
int venued_lower_this_thread(int nice);

/// mallopt(M_ARENA_MAX, count): glibc gives each new thread an arena of its own (up
/// to 8 per core), and memory freed in one is not reused by another: a burst served
/// on several threads leaves each holding its peak. A couple of arenas keep the heap
/// small for a daemon whose threads mostly sleep. Returns mallopt's answer (1 = done).
int venued_limit_malloc_arenas(int count);

/// malloc_trim(0): returns free heap pages to the kernel after a burst, so the
/// resident size falls back instead of staying at its peak. 1 if memory was released.
int venued_release_free_memory(void);

/// Switches stdout's terminal to its alternate screen with the cursor hidden, after
/// installing handlers for SIGINT, SIGTERM, SIGHUP and SIGQUIT that switch back (and
/// show the cursor) before the process dies of the signal, and unblocking those four
/// should the parent have left them blocked. 0, or -1 (errno set).
int venued_screen_enter(void);

/// Back to the terminal's own screen, the cursor shown, the handlers removed. Nothing
/// when not on the alternate screen, so it may be called on every way out.
void venued_screen_leave(void);

/// A signalfd for `count` signals (which the caller blocks in every thread), non-blocking
/// and close-on-exec: the loop takes SIGHUP, SIGTERM and SIGINT as it takes a request.
/// -1 (errno set) on failure.
int venued_signal_descriptor(const int *signals, int count);

/// The number of the next signal waiting on a signalfd, or -1 when none is (EAGAIN).
int venued_signal_read(int fd);

/// A CLOCK_MONOTONIC timerfd that expires every `microseconds`, non-blocking and
/// close-on-exec: the watchdog's beat, which no setting of the wall clock moves.
/// -1 (errno set) on failure.
int venued_interval_timer(long long microseconds);

#endif
