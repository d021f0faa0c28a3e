/* The baseline of scripts/bench-prompt: the smallest C program that does the work a
 * user's prompt needs from `venuectl status [ARGS...]` with venued up, the way a user
 * runs it (no VENUED_SOCKET, no flags for the benchmark):
 *
 *   - the socket from $XDG_RUNTIME_DIR (trailing slashes dropped) as
 *     $XDG_RUNTIME_DIR/venued/venued.sock, else /tmp/venued-$UID/venued.sock;
 *   - the same trust checks (lstat of the socket's directory: a directory of the user or
 *     root that group and others cannot write; SO_PEERCRED: the listener is the user);
 *   - what venuectl reads besides: whether venuectl.conf is there (it must not be: this
 *     client reads no config, and says so);
 *   - the same request line, a status query built here from ARGS (VENUE words and
 *     `--format FORMAT` for the formats a bar or prompt uses: no colour, width or zone
 *     of the reader's in them) (docs/PROTOCOL.md, "cmd":"status"); scripts/bench-prompt
 *     checks that it is byte for byte the line venuectl sends;
 *   - the answer's "text" JSON-unescaped and cleaned for a terminal as venuectl cleans
 *     it (only \n, TAB and SGR colour sequences among the controls), then printed.
 *
 * It exits 1 on any failure.
 *
 *   promptclient status [VENUE...] [--format prompt|tmux|waybar|i3blocks|polybar|i3bar]
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static char request[1 << 16];
static size_t used;

static void put(const char *s, size_t n) {
    if (used + n >= sizeof request) { fprintf(stderr, "promptclient: request too long\n"); exit(1); }
    memcpy(request + used, s, n);
    used += n;
}
static void puts_(const char *s) { put(s, strlen(s)); }

/* JSONText.quote: ", \, \n, \r, \t escaped by name, other C0 as \u00XX. */
static void quote(const char *s) {
    put("\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char escaped[8];
        switch (*p) {
        case '"': put("\\\"", 2); break;
        case '\\': put("\\\\", 2); break;
        case '\n': put("\\n", 2); break;
        case '\r': put("\\r", 2); break;
        case '\t': put("\\t", 2); break;
        default:
            if (*p < 0x20) { snprintf(escaped, sizeof escaped, "\\u%04x", *p); puts_(escaped); }
            else put((const char *)p, 1);
        }
    }
    put("\"", 1);
}

static void put_utf8(unsigned cp, unsigned char **out) {
    if (cp < 0x80) { *(*out)++ = (unsigned char)cp; }
    else if (cp < 0x800) { *(*out)++ = (unsigned char)(0xC0 | cp >> 6); *(*out)++ = (unsigned char)(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { *(*out)++ = (unsigned char)(0xE0 | cp >> 12); *(*out)++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F)); *(*out)++ = (unsigned char)(0x80 | (cp & 0x3F)); }
    else { *(*out)++ = (unsigned char)(0xF0 | cp >> 18); *(*out)++ = (unsigned char)(0x80 | (cp >> 12 & 0x3F)); *(*out)++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F)); *(*out)++ = (unsigned char)(0x80 | (cp & 0x3F)); }
}

static unsigned hex4(const char *p) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v = v * 16 + (unsigned)(c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0');
    }
    return v;
}

/* UntrustedText.terminalOutput: the bytes of p[0..n) that may reach a terminal. */
static size_t clean(const unsigned char *p, size_t n, unsigned char *out) {
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        unsigned char b = p[i];
        if ((b >= 0x20 && b < 0x7F) || b == '\n' || b == '\t') { out[o++] = b; i++; continue; }
        if (b == 0x1B && i + 1 < n && p[i + 1] == '[') {       /* SGR: ESC [ [0-9;]* m, under 64 bytes */
            size_t e = i + 2;
            while (e < n && e - i < 64 && ((p[e] >= '0' && p[e] <= '9') || p[e] == ';')) e++;
            if (e < n && e - i < 64 && p[e] == 'm') { memcpy(out + o, p + i, e + 1 - i); o += e + 1 - i; i = e + 1; continue; }
        }
        if (b < 0x20 || b == 0x7F) { i++; continue; }            /* other C0, DEL */
        if (b == 0xC2 && i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] <= 0x9F) { i += 2; continue; }   /* C1 */
        if (b == 0xE2 && i + 2 < n && ((p[i + 1] == 0x80 && p[i + 2] >= 0xAA && p[i + 2] <= 0xAE) ||
                                       (p[i + 1] == 0x81 && p[i + 2] >= 0xA6 && p[i + 2] <= 0xA9))) { i += 3; continue; }   /* bidi */
        out[o++] = b; i++;
    }
    return o;
}

static int directory_trusted(const char *path, uid_t uid) {
    char directory[sizeof ((struct sockaddr_un *)0)->sun_path];
    const char *slash = strrchr(path, '/');
    if (!slash) strcpy(directory, ".");
    else if (slash == path) strcpy(directory, "/");
    else { memcpy(directory, path, (size_t)(slash - path)); directory[slash - path] = 0; }
    struct stat info;
    if (lstat(directory, &info) != 0) return 0;
    return S_ISDIR(info.st_mode) && (info.st_uid == uid || info.st_uid == 0) && !(info.st_mode & (S_IWGRP | S_IWOTH));
}

int main(int argc, char **argv) {
    if (argc < 2 || strcmp(argv[1], "status") != 0) { fprintf(stderr, "usage: promptclient status [ARGS...]\n"); return 2; }
    uid_t uid = getuid();

    struct sockaddr_un address = { .sun_family = AF_UNIX };
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (runtime && runtime[0] == '/') {
        size_t length = strlen(runtime);
        while (length > 0 && runtime[length - 1] == '/') length--;
        snprintf(address.sun_path, sizeof address.sun_path, "%.*s/venued/venued.sock", (int)length, runtime);
    } else {
        snprintf(address.sun_path, sizeof address.sun_path, "/tmp/venued-%u/venued.sock", (unsigned)uid);
    }

    const char *format = NULL;
    const char *venues[64];
    int count = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) { format = argv[++i]; continue; }
        if (argv[i][0] == '-' || count == 64) { fprintf(stderr, "promptclient: only VENUE... and --format FORMAT\n"); return 2; }
        venues[count++] = argv[i];
    }
    if (!format || strcmp(format, "plain") == 0 || strcmp(format, "json") == 0) { fprintf(stderr, "promptclient: --format takes a bar's or a prompt's format\n"); return 2; }
    char config[4096];
    const char *home = getenv("XDG_CONFIG_HOME");
    if (home && home[0] == '/') snprintf(config, sizeof config, "%s/venued/venuectl.conf", home);
    else snprintf(config, sizeof config, "%s/.config/venued/venuectl.conf", getenv("HOME") ? getenv("HOME") : "");
    if (access(config, F_OK) == 0) { fprintf(stderr, "promptclient: %s is there, and this client reads no config\n", config); return 2; }
    puts_("{\"v\":1,\"cmd\":\"status\"");
    if (count > 0) {
        puts_(",\"venues\":[");
        for (int i = 0; i < count; i++) { if (i > 0) put(",", 1); quote(venues[i]); }
        puts_("]");
    }
    puts_(",\"soon\":15,\"render\":");
    quote(format);
    puts_("}\n");

    if (!directory_trusted(address.sun_path, uid)) { fprintf(stderr, "promptclient: untrusted socket directory\n"); return 1; }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); return 1; }
    struct ucred peer;
    socklen_t peer_length = sizeof peer;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &peer_length) != 0 || peer.uid != uid) { fprintf(stderr, "promptclient: untrusted peer\n"); return 1; }
    if (send(fd, request, used, MSG_NOSIGNAL) != (ssize_t)used) { perror("send"); return 1; }

    static char answer[1 << 20];
    size_t got = 0;
    for (;;) {
        ssize_t n = read(fd, answer + got, sizeof answer - 1 - got);
        if (n <= 0) break;
        got += (size_t)n;
        if (memchr(answer + got - n, '\n', (size_t)n)) break;
    }
    answer[got] = 0;
    close(fd);
    char *text = strstr(answer, "\"text\":\"");
    if (!text || !strstr(answer, "\"ok\":true")) { fprintf(stderr, "venued: %s", answer); return 1; }
    static unsigned char unescaped[1 << 20], printed[1 << 20];
    unsigned char *out = unescaped;
    for (char *p = text + 8; *p && *p != '"'; p++) {
        if (*p != '\\') { *out++ = (unsigned char)*p; continue; }
        switch (*++p) {
        case 'n': *out++ = '\n'; break;
        case 't': *out++ = '\t'; break;
        case 'r': *out++ = '\r'; break;
        case 'b': *out++ = '\b'; break;
        case 'f': *out++ = '\f'; break;
        case 'u': {
            unsigned cp = hex4(p + 1);
            p += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && p[1] == '\\' && p[2] == 'u') {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(p + 3) - 0xDC00);
                p += 6;
            }
            put_utf8(cp, &out);
            break;
        }
        default: *out++ = (unsigned char)*p;
        }
    }
    size_t length = clean(unescaped, (size_t)(out - unescaped), printed);
    if (fwrite(printed, 1, length, stdout) != length || fflush(stdout) != 0) return 1;
    return 0;
}
