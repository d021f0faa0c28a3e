// The Linux event interfaces that Swift's Glibc module does not export: epoll(7) and
// eventfd(2), for venued's connection loop, and accept4(2) (declared by glibc only
// under _GNU_SOURCE, hence the wrapper compiled in accept4.c).
#ifndef C_LINUX_EVENTS_H
#define C_LINUX_EVENTS_H

#include <sys/epoll.h>
#include <sys/eventfd.h>

/// accept4(fd, NULL, NULL, flags): one call for the connection and its
/// SOCK_CLOEXEC | SOCK_NONBLOCK flags, instead of accept plus two fcntl calls.
int venued_accept4(int fd, int flags);

#endif
