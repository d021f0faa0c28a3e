/* limitserver: a C model of the limit for venued's connection loop (scripts/bench-daemon).
 *
 *   limitserver SOCKET ANSWER_FILE
 *
 * One thread, one epoll loop on a Unix socket, doing the least a server of venued's
 * protocol must do for connect -> one request line -> one answer line -> close:
 * accept4 (non-blocking), the SO_PEERCRED uid check, then one recv at once (the
 * request is usually there already); a connection whose line is not complete yet is
 * registered with epoll and read when ready. A complete line gets the bytes of
 * ANSWER_FILE (venued's own answer to the benchmark's request, one line), and the
 * connection is closed. Nothing is parsed or computed: whatever venued spends beyond
 * this is the cost of being venued. Requests over 16 KB and peers of another uid are
 * dropped. It runs until killed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_FD 65536
#define REQUEST_LIMIT 16384

static char *answer;
static size_t answer_length;
static char *pending[MAX_FD];      /* partial request per descriptor (rare) */
static size_t pending_length[MAX_FD];

/* Reads what is there; true when the connection is finished (answered or dropped). */
static int serve(int fd) {
    char buffer[REQUEST_LIMIT];
    ssize_t n = recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
    if (n <= 0) return 1;
    int complete = memchr(buffer, '\n', (size_t)n) != NULL;
    if (!complete) {
        if (pending_length[fd] + (size_t)n > REQUEST_LIMIT) return 1;
        pending[fd] = realloc(pending[fd], pending_length[fd] + (size_t)n);
        memcpy(pending[fd] + pending_length[fd], buffer, (size_t)n);
        pending_length[fd] += (size_t)n;
        return 0;
    }
    send(fd, answer, answer_length, MSG_NOSIGNAL | MSG_DONTWAIT);
    return 1;
}

static void finish(int epoll, int fd, int registered) {
    if (registered) epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL);
    free(pending[fd]);
    pending[fd] = NULL;
    pending_length[fd] = 0;
    close(fd);
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: limitserver SOCKET ANSWER_FILE\n"); return 2; }
    FILE *file = fopen(argv[2], "rb");
    if (!file) { perror(argv[2]); return 1; }
    answer = malloc(1 << 20);
    answer_length = fread(answer, 1, 1 << 20, file);
    fclose(file);
    if (answer_length == 0 || answer[answer_length - 1] != '\n') { fprintf(stderr, "limitserver: the answer must be one line\n"); return 1; }

    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(argv[1]) >= sizeof address.sun_path) { fprintf(stderr, "limitserver: path too long\n"); return 1; }
    strcpy(address.sun_path, argv[1]);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    unlink(argv[1]);
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 4096) != 0) {
        perror("listen");
        return 1;
    }
    uid_t uid = getuid();
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = { .events = EPOLLIN, .data.fd = listener };
    epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &event);
    struct epoll_event ready[256];
    for (;;) {
        int count = epoll_wait(epoll, ready, 256, -1);
        for (int i = 0; i < count; i++) {
            int fd = ready[i].data.fd;
            if (fd != listener) {
                if (serve(fd)) finish(epoll, fd, 1);
                continue;
            }
            for (int accepted = 0; accepted < 64; accepted++) {
                int client = accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
                if (client < 0) break;
                struct ucred peer;
                socklen_t length = sizeof peer;
                if (client >= MAX_FD || getsockopt(client, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0 || peer.uid != uid) {
                    close(client);
                    continue;
                }
                if (serve(client)) { finish(epoll, client, 0); continue; }
                struct epoll_event interest = { .events = EPOLLIN, .data.fd = client };
                epoll_ctl(epoll, EPOLL_CTL_ADD, client, &interest);
            }
        }
    }
}
