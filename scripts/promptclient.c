/* The baseline of scripts/bench-prompt: the smallest C program that does what
 * `venuectl status --format prompt` does with venued up. It connects to the socket,
 * sends the request line given as argv[2], reads one answer line, and prints the
 * answer's "text" string (JSON-unescaped). It exits 1 on any failure.
 *
 *   promptclient SOCKET REQUEST_LINE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static void put_utf8(unsigned cp, char **out) {
    if (cp < 0x80) { *(*out)++ = (char)cp; }
    else if (cp < 0x800) { *(*out)++ = (char)(0xC0 | cp >> 6); *(*out)++ = (char)(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { *(*out)++ = (char)(0xE0 | cp >> 12); *(*out)++ = (char)(0x80 | (cp >> 6 & 0x3F)); *(*out)++ = (char)(0x80 | (cp & 0x3F)); }
    else { *(*out)++ = (char)(0xF0 | cp >> 18); *(*out)++ = (char)(0x80 | (cp >> 12 & 0x3F)); *(*out)++ = (char)(0x80 | (cp >> 6 & 0x3F)); *(*out)++ = (char)(0x80 | (cp & 0x3F)); }
}

static unsigned hex4(const char *p) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v = v * 16 + (unsigned)(c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0');
    }
    return v;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: promptclient SOCKET REQUEST_LINE\n"); return 2; }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); return 1; }
    size_t length = strlen(argv[2]);
    char *request = malloc(length + 1);
    memcpy(request, argv[2], length);
    request[length] = '\n';
    if (send(fd, request, length + 1, MSG_NOSIGNAL) != (ssize_t)(length + 1)) { perror("send"); return 1; }
    static char answer[1 << 20];
    size_t used = 0;
    for (;;) {
        ssize_t n = read(fd, answer + used, sizeof answer - 1 - used);
        if (n <= 0) break;
        used += (size_t)n;
        if (memchr(answer + used - n, '\n', (size_t)n)) break;
    }
    answer[used] = 0;
    close(fd);
    char *text = strstr(answer, "\"text\":\"");
    if (!text || !strstr(answer, "\"ok\":true")) { fprintf(stderr, "venued: %s", answer); return 1; }
    static char printed[1 << 20];
    char *out = printed;
    for (char *p = text + 8; *p && *p != '"'; p++) {
        if (*p != '\\') { *out++ = *p; continue; }
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
        default: *out++ = *p;
        }
    }
    fwrite(printed, 1, (size_t)(out - printed), stdout);
    return 0;
}
