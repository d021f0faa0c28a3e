#include "CLinuxEvents.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

// What leaving the screen writes: the cursor shown again, the terminal's own screen
// back. A constant, so the signal handler touches nothing but it and write(2).
static const char leave_sequence[] = "\033[?25h\033[?1049l";
static volatile sig_atomic_t on_screen = 0;
static const int restored_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

static void write_leave(void) {
    // Whatever the write says, there is nothing more a dying process can do about it.
    ssize_t ignored = write(STDOUT_FILENO, leave_sequence, sizeof leave_sequence - 1);
    (void)ignored;
}

// Async-signal-safe: write(2), signal(2) and raise(3) only. The process then ends by
// the same signal, as it would have without the handler (a shell sees 130 for Ctrl-C).
static void leave_and_reraise(int sig) {
    if (on_screen) write_leave();
    on_screen = 0;
    signal(sig, SIG_DFL);
    raise(sig);
}

int venued_screen_enter(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = leave_and_reraise;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof restored_signals / sizeof restored_signals[0]; i++) {
        if (sigaction(restored_signals[i], &action, NULL) != 0) return -1;
    }
    // A parent may have left them blocked (a signal mask is inherited across exec, and
    // programs built on Dispatch block most signals on their threads): then Ctrl-C
    // would do nothing, and only SIGKILL, which no handler sees, would end watch.
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < sizeof restored_signals / sizeof restored_signals[0]; i++) sigaddset(&unblock, restored_signals[i]);
    if (sigprocmask(SIG_UNBLOCK, &unblock, NULL) != 0) return -1;
    on_screen = 1;
    static const char enter_sequence[] = "\033[?1049h\033[?25l";
    return write(STDOUT_FILENO, enter_sequence, sizeof enter_sequence - 1) < 0 ? -1 : 0;
}

void venued_screen_leave(void) {
    if (!on_screen) return;
    on_screen = 0;
    write_leave();
    for (size_t i = 0; i < sizeof restored_signals / sizeof restored_signals[0]; i++) signal(restored_signals[i], SIG_DFL);
}
