/* Cold start to the first answer: spawns venued, polls its socket with one `status`
 * request until an answer line comes, and prints the time from spawn to that line.
 *
 *   coldstart RUNS SOCKET PROGRAM [ARGS...]
 *
 * Each run removes SOCKET, starts PROGRAM (venued with its flags), retries connect
 * every 100 us for at most 5 s, then stops venued with SIGTERM and waits for it. The
 * environment is passed on unchanged. Prints each run and the median, min and max.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* One request on a fresh connection: 1 when a whole `{"ok":true` line came back. */
static int answered(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return 0;
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    strncpy(addr.sun_path, path, sizeof addr.sun_path - 1);
    int ok = 0;
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) == 0) {
        static const char request[] = "{\"v\":1,\"cmd\":\"status\"}\n";
        char buffer[65536];
        size_t have = 0;
        if (send(fd, request, sizeof request - 1, MSG_NOSIGNAL) == (ssize_t)(sizeof request - 1)) {
            for (int reads = 0; reads < 64 && have < sizeof buffer; reads++) {
                ssize_t n = recv(fd, buffer + have, sizeof buffer - have, 0);
                if (n <= 0) break;
                have += (size_t)n;
                if (buffer[have - 1] == '\n') break;
            }
            ok = have > 10 && buffer[have - 1] == '\n' && memcmp(buffer, "{\"ok\":true", 10) == 0;
        }
    }
    close(fd);
    return ok;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: coldstart RUNS SOCKET PROGRAM [ARGS...]\n");
        return 2;
    }
    int runs = atoi(argv[1]);
    if (runs < 1 || runs > 1000) {
        fprintf(stderr, "coldstart: RUNS must be 1 to 1000\n");
        return 2;
    }
    const char *path = argv[2];
    double *times = calloc((size_t)runs, sizeof *times);
    if (!times) return 1;
    for (int run = 0; run < runs; run++) {
        unlink(path);
        pid_t pid;
        double start = now_ms();
        int error = posix_spawn(&pid, argv[3], NULL, NULL, argv + 3, environ);
        if (error) {
            fprintf(stderr, "coldstart: cannot start %s: %s\n", argv[3], strerror(error));
            return 1;
        }
        double elapsed = -1;
        for (int attempt = 0; attempt < 50000; attempt++) {
            if (answered(path)) { elapsed = now_ms() - start; break; }
            if (waitpid(pid, NULL, WNOHANG) == pid) { pid = 0; break; }
            usleep(100);
        }
        if (pid) { kill(pid, SIGTERM); waitpid(pid, NULL, 0); }
        if (elapsed < 0) {
            fprintf(stderr, "coldstart: run %d: no answer within 5 s (or venued exited)\n", run + 1);
            return 1;
        }
        times[run] = elapsed;
        printf("   run %d: %.2f ms\n", run + 1, elapsed);
    }
    qsort(times, (size_t)runs, sizeof *times, by_value);
    printf("   median %.2f ms, min %.2f ms, max %.2f ms over %d runs\n", times[runs / 2], times[0], times[runs - 1], runs);
    free(times);
    return 0;
}
