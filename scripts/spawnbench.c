/* Whole-process latency of two commands, measured the way a shell prompt pays it:
 * posix_spawn to waitpid, stdout and stderr to /dev/null. The two commands alternate
 * run by run, so both see the same machine; after WARMUP unmeasured rounds, RUNS
 * rounds are timed with CLOCK_MONOTONIC. Prints one line per command:
 *
 *   label runs median_us p90_us p99_us mean_us min_us
 *
 *   spawnbench RUNS WARMUP LABEL_A [VAR=VALUE...] CMD_A... -- LABEL_B [VAR=VALUE...] CMD_B...
 *
 * VAR=VALUE words before a command's path set (or, with an empty value, remove) a
 * variable for that command alone; the rest of the environment is the harness's.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The harness's environment with the VAR=VALUE words at the start of *argv applied;
 * *argv is moved past them. */
static char **environment_for(char ***argv) {
    size_t count = 0, extra = 0;
    while (environ[count]) count++;
    while ((*argv)[extra] && (*argv)[extra][0] != '/' && strchr((*argv)[extra], '=')) extra++;
    char **envp = calloc(count + extra + 1, sizeof *envp);
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        int overridden = 0;
        for (size_t j = 0; j < extra; j++) {
            size_t name = (size_t)(strchr((*argv)[j], '=') - (*argv)[j]);
            if (strncmp(environ[i], (*argv)[j], name + 1) == 0) overridden = 1;
        }
        if (!overridden) envp[n++] = environ[i];
    }
    for (size_t j = 0; j < extra; j++) if (strchr((*argv)[j], '=')[1] != 0) envp[n++] = (*argv)[j];
    envp[n] = NULL;
    *argv += extra;
    return envp;
}

static double run_once(char **argv, char **envp, posix_spawn_file_actions_t *actions) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid;
    if (posix_spawn(&pid, argv[0], actions, NULL, argv, envp) != 0) { perror(argv[0]); exit(1); }
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "spawnbench: %s failed (status %d)\n", argv[0], status);
        exit(1);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    return (double)(end.tv_sec - start.tv_sec) * 1e6 + (double)(end.tv_nsec - start.tv_nsec) / 1e3;
}

static void report(const char *label, double *samples, int runs) {
    qsort(samples, (size_t)runs, sizeof *samples, compare);
    double sum = 0;
    for (int i = 0; i < runs; i++) sum += samples[i];
    printf("%s %d %.0f %.0f %.0f %.0f %.0f\n", label, runs, samples[runs / 2], samples[runs * 90 / 100],
           samples[runs * 99 / 100], sum / runs, samples[0]);
}

int main(int argc, char **argv) {
    int split = 0;
    for (int i = 4; i < argc; i++) if (strcmp(argv[i], "--") == 0) split = i;
    if (argc < 7 || split == 0 || split + 2 >= argc) {
        fprintf(stderr, "usage: spawnbench RUNS WARMUP LABEL_A [VAR=VALUE...] CMD_A... -- LABEL_B [VAR=VALUE...] CMD_B...\n");
        return 2;
    }
    int runs = atoi(argv[1]), warmup = atoi(argv[2]);
    argv[split] = NULL;
    char *label_a = argv[3], **cmd_a = argv + 4, *label_b = argv[split + 1], **cmd_b = argv + split + 2;
    char **env_a = environment_for(&cmd_a), **env_b = environment_for(&cmd_b);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    for (int i = 0; i < warmup; i++) { run_once(cmd_a, env_a, &actions); run_once(cmd_b, env_b, &actions); }
    double *a = calloc((size_t)runs, sizeof *a), *b = calloc((size_t)runs, sizeof *b);
    for (int i = 0; i < runs; i++) {
        if (i % 2 == 0) { a[i] = run_once(cmd_a, env_a, &actions); b[i] = run_once(cmd_b, env_b, &actions); }
        else { b[i] = run_once(cmd_b, env_b, &actions); a[i] = run_once(cmd_a, env_a, &actions); }
    }
    report(label_a, a, runs);
    report(label_b, b, runs);
    return 0;
}
