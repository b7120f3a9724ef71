// Linux's epoll, which Swift's Glibc module does not export: the process's one socket poller
// (MateRunSocket's SocketPoller) waits on every socket with one epoll set.
#include <sys/epoll.h>

static inline int cepoll_wait(int fd, struct epoll_event *events, int count, int milliseconds) {
    return epoll_wait(fd, events, count, milliseconds);
}
