// Linux's epoll, which Swift's Glibc module does not export: the process's one socket poller
// (MateRunSocket's SocketPoller) waits on every socket with one epoll set.
#include <sys/epoll.h>
#include <sys/prctl.h>

static inline int cepoll_wait(int fd, struct epoll_event *events, int count, int milliseconds) {
    return epoll_wait(fd, events, count, milliseconds);
}

// Names the calling thread for the kernel (/proc/PID/task/*/comm, at most 15 bytes): prctl is
// variadic, which Swift cannot call.
static inline void cepoll_name_thread(const char *name) {
    prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
