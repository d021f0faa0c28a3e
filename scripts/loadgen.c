/*
 * loadgen: a bounded load generator for venued's Unix socket (scripts/bench-daemon).
 *
 *   loadgen SOCKET [-c CLIENTS] [-d SECONDS] [-n REQUESTS] [-r REQUEST_LINE] [-q]
 *
 * CLIENTS threads (default 64, at most 256) each repeat: connect -> send one request
 * line -> read the one answer line -> close, until SECONDS have passed (default 5,
 * at most 60) or REQUESTS cycles were done in total (default 1,000,000, at most
 * 10,000,000). The latency of each cycle (connect to last byte of the answer) is
 * recorded; at the end one line is printed:
 *
 *   clients 64  requests 61234  errors 0  duration 5.00 s  rate 12246 req/s  p50 4.81 ms  p99 9.02 ms  max 12.33 ms
 *
 * An answer that does not start with {"ok":true counts as an error (so does a refused
 * or reset connection); the exit code is 1 if any request failed, 2 on usage errors.
 * Only AF_UNIX: it cannot be pointed at anything but a local socket.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define MAX_CLIENTS 256
#define MAX_SECONDS 60.0
#define MAX_REQUESTS 10000000L
#define ANSWER_LIMIT (1 << 20)

static struct sockaddr_un address;
static const char *request = "{\"v\":1,\"cmd\":\"status\"}\n";
static size_t request_length;
static double deadline;             /* monotonic seconds */
static long request_budget;
static atomic_long started;         /* cycles begun, to stop at request_budget */
static atomic_long errors;
static int quiet;

struct worker {
    pthread_t thread;
    double *latencies;              /* seconds, one per completed cycle */
    long count, capacity;
    char first_error[160];
};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void note_error(struct worker *w, const char *what) {
    atomic_fetch_add(&errors, 1);
    if (!w->first_error[0]) snprintf(w->first_error, sizeof w->first_error, "%s", what);
}

/* One cycle; returns 0 on a good answer. */
static int cycle(struct worker *w, char *buffer) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) { note_error(w, strerror(errno)); return -1; }
    /* Answers must arrive well within this; a stuck daemon must not hang the run. */
    struct timeval timeout = { .tv_sec = 5, .tv_usec = 0 };
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        char text[120];
        snprintf(text, sizeof text, "connect: %s", strerror(errno));
        note_error(w, text);
        close(fd);
        return -1;
    }
    size_t sent = 0;
    while (sent < request_length) {
        ssize_t n = send(fd, request + sent, request_length - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { note_error(w, "send failed"); close(fd); return -1; }
        sent += (size_t)n;
    }
    size_t got = 0;
    int complete = 0;
    while (got < ANSWER_LIMIT - 1) {
        ssize_t n = recv(fd, buffer + got, ANSWER_LIMIT - 1 - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (memchr(buffer + got, '\n', (size_t)n)) { got += (size_t)n; complete = 1; break; }
        got += (size_t)n;
    }
    close(fd);
    buffer[got] = 0;
    if (!complete) { note_error(w, got ? "answer without a newline" : "no answer"); return -1; }
    if (strncmp(buffer, "{\"ok\":true", 10) != 0) {
        char text[160];
        size_t shown = strcspn(buffer, "\n");
        snprintf(text, sizeof text, "answer: %.*s", (int)(shown < 120 ? shown : 120), buffer);
        note_error(w, text);
        return -1;
    }
    return 0;
}

static void *run(void *argument) {
    struct worker *w = argument;
    char *buffer = malloc(ANSWER_LIMIT);
    if (!buffer) { note_error(w, "out of memory"); return NULL; }
    while (now() < deadline && atomic_fetch_add(&started, 1) < request_budget) {
        double start = now();
        if (cycle(w, buffer) != 0) {
            /* Don't spin on a dead daemon. */
            if (atomic_load(&errors) > 1000) break;
            continue;
        }
        if (w->count == w->capacity) {
            long capacity = w->capacity ? w->capacity * 2 : 4096;
            double *grown = realloc(w->latencies, (size_t)capacity * sizeof *grown);
            if (!grown) { note_error(w, "out of memory"); break; }
            w->latencies = grown;
            w->capacity = capacity;
        }
        w->latencies[w->count++] = now() - start;
    }
    free(buffer);
    return NULL;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void usage(void) {
    fprintf(stderr, "usage: loadgen SOCKET [-c CLIENTS(1-%d)] [-d SECONDS(<=%g)] [-n REQUESTS(<=%ld)] [-r LINE] [-q]\n",
            MAX_CLIENTS, MAX_SECONDS, MAX_REQUESTS);
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 2 || argv[1][0] == '-') usage();
    const char *path = argv[1];
    int clients = 64;
    double seconds = 5;
    request_budget = 1000000;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "-q")) { quiet = 1; continue; }
        if (i + 1 >= argc) usage();
        if (!strcmp(argv[i], "-c")) clients = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-d")) seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "-n")) request_budget = atol(argv[++i]);
        else if (!strcmp(argv[i], "-r")) request = argv[++i];
        else usage();
    }
    if (clients < 1 || clients > MAX_CLIENTS || !(seconds > 0) || seconds > MAX_SECONDS ||
        request_budget < 1 || request_budget > MAX_REQUESTS) usage();
    if (strlen(path) >= sizeof address.sun_path) { fprintf(stderr, "loadgen: socket path too long\n"); return 2; }
    address.sun_family = AF_UNIX;
    strcpy(address.sun_path, path);
    /* The request is one line: add the newline if the caller left it out. */
    size_t length = strlen(request);
    if (length == 0 || request[length - 1] != '\n') {
        char *line = malloc(length + 2);
        memcpy(line, request, length);
        line[length] = '\n';
        line[length + 1] = 0;
        request = line;
        length++;
    }
    request_length = length;

    struct worker *workers = calloc((size_t)clients, sizeof *workers);
    double begin = now();
    deadline = begin + seconds;
    int running = 0;
    for (int i = 0; i < clients; i++) {
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setstacksize(&attributes, 256 * 1024);
        if (pthread_create(&workers[i].thread, &attributes, run, &workers[i]) != 0) {
            fprintf(stderr, "loadgen: cannot start thread %d\n", i);
            break;
        }
        running++;
    }
    for (int i = 0; i < running; i++) pthread_join(workers[i].thread, NULL);
    double elapsed = now() - begin;

    long total = 0;
    for (int i = 0; i < running; i++) total += workers[i].count;
    double *all = malloc((size_t)(total ? total : 1) * sizeof *all);
    long at = 0;
    for (int i = 0; i < running; i++) {
        memcpy(all + at, workers[i].latencies, (size_t)workers[i].count * sizeof *all);
        at += workers[i].count;
    }
    qsort(all, (size_t)total, sizeof *all, compare);
    double p50 = total ? all[(long)(0.50 * (double)(total - 1))] : 0;
    double p99 = total ? all[(long)(0.99 * (double)(total - 1))] : 0;
    double max = total ? all[total - 1] : 0;
    long failed = atomic_load(&errors);
    printf("clients %d  requests %ld  errors %ld  duration %.2f s  rate %.0f req/s  p50 %.2f ms  p99 %.2f ms  max %.2f ms\n",
           running, total, failed, elapsed, (double)total / elapsed, p50 * 1e3, p99 * 1e3, max * 1e3);
    if (failed && !quiet) {
        for (int i = 0; i < running; i++)
            if (workers[i].first_error[0]) { fprintf(stderr, "loadgen: first error: %s\n", workers[i].first_error); break; }
    }
    return failed ? 1 : 0;
}
