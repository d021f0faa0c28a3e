#define _GNU_SOURCE
#include <stddef.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CLinuxEvents.h"

// glibc's accept4, recv, send and close are cancellation points: in a process with more
// than one thread (venued has its lanes) each call switches asynchronous cancellation on
// and off around the system call. venued cancels no thread, so the loop makes these
// calls through syscall(2), which is no cancellation point, and pays for the call alone.

int venued_accept4(int fd, int flags) {
    return (int)syscall(SYS_accept4, fd, NULL, NULL, flags);
}

long venued_recv(int fd, void *buffer, size_t count, int flags) {
    return syscall(SYS_recvfrom, fd, buffer, count, flags, NULL, NULL);
}

long venued_send(int fd, const void *bytes, size_t count, int flags) {
    return syscall(SYS_sendto, fd, bytes, count, flags, NULL, 0);
}

int venued_close(int fd) {
    return (int)syscall(SYS_close, fd);
}
