#include "CCurlFetch.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// libcurl's ABI, from curl.h (7.88.1).
enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_WRITEFUNCTION = 20011,
    OPT_USERAGENT = 10018, OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_NOPROGRESS = 43,
    OPT_FOLLOWLOCATION = 52, OPT_MAXREDIRS = 68, OPT_HEADERFUNCTION = 20079, OPT_NOSIGNAL = 99,
    OPT_ACCEPT_ENCODING = 10102, OPT_MAXFILESIZE_LARGE = 30117, OPT_TIMEOUT_MS = 155,
    OPT_CONNECTTIMEOUT_MS = 156, OPT_PROTOCOLS = 181, OPT_REDIR_PROTOCOLS = 182,
};
enum { INFO_RESPONSE_CODE = 0x200000 + 2 };
enum { PROTO_HTTP = 1 << 0, PROTO_HTTPS = 1 << 1 };
enum { GLOBAL_ALL = 3 };
enum { CODE_WRITE_ERROR = 23, CODE_FILESIZE_EXCEEDED = 63, ERROR_SIZE = 256 };

struct slist;
typedef size_t (*data_callback)(char *, size_t, size_t, void *);

static struct {
    int (*global_init)(long);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    const char *(*easy_strerror)(int);
    struct slist *(*slist_append)(struct slist *, const char *);
    void (*slist_free_all)(struct slist *);
} curl;

/// Loads libcurl once; venued calls this from its one fetch child, which fetches once.
static int load(char *message, size_t size) {
    if (curl.easy_init) return 1;
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(message, size, "cannot load libcurl.so.4 (install Debian's libcurl4): %s", dlerror());
        return 0;
    }
#define SYMBOL(field, name) \
    if (!(*(void **)&curl.field = dlsym(library, name))) { \
        snprintf(message, size, "libcurl.so.4 has no %s", name); \
        return 0; \
    }
    SYMBOL(global_init, "curl_global_init")
    SYMBOL(easy_setopt, "curl_easy_setopt")
    SYMBOL(easy_perform, "curl_easy_perform")
    SYMBOL(easy_getinfo, "curl_easy_getinfo")
    SYMBOL(easy_cleanup, "curl_easy_cleanup")
    SYMBOL(easy_strerror, "curl_easy_strerror")
    SYMBOL(slist_append, "curl_slist_append")
    SYMBOL(slist_free_all, "curl_slist_free_all")
    SYMBOL(easy_init, "curl_easy_init")
#undef SYMBOL
    curl.global_init(GLOBAL_ALL);
    return 1;
}

/// Bits of `transfer.dropped`: freshness fields whose value did not fit in this response.
enum { DROPPED_CACHE_CONTROL = 1, DROPPED_EXPIRES = 2, DROPPED_AGE = 4, DROPPED_DATE = 8, DROPPED_RETRY_AFTER = 16 };

struct transfer {
    venued_fetch_result *result;
    size_t limit;
    size_t capacity;
    int over;
    unsigned dropped;
};

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    struct transfer *transfer = context;
    venued_fetch_result *result = transfer->result;
    size_t bytes = size * count;
    if (bytes > transfer->limit - result->length) {
        transfer->over = 1;
        return 0; // a short count stops the transfer at once (CURLE_WRITE_ERROR)
    }
    if (result->length + bytes > transfer->capacity) {
        size_t capacity = transfer->capacity ? transfer->capacity : 64 * 1024;
        while (capacity < result->length + bytes) capacity *= 2;
        if (capacity > transfer->limit) capacity = transfer->limit;
        unsigned char *grown = realloc(result->body, capacity);
        if (!grown) return 0;
        result->body = grown;
        transfer->capacity = capacity;
    }
    memcpy(result->body + result->length, data, bytes);
    result->length += bytes;
    return bytes;
}

/// The trimmed value of `line` when it is the header `name`, its length in `value_length`;
/// NULL for another header, or a value with a control byte (never echoed back into a request).
static const char *header_value(const char *line, size_t length, const char *name, size_t *value_length) {
    size_t name_length = strlen(name);
    if (length <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':') return NULL;
    const char *value = line + name_length + 1;
    const char *end = line + length;
    while (value < end && (*value == ' ' || *value == '\t')) value++;
    while (end > value && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\t')) end--;
    for (const char *byte = value; byte < end; byte++) {
        if ((unsigned char)*byte < 0x20 && *byte != '\t') return NULL;
    }
    *value_length = (size_t)(end - value);
    return value;
}

/// Copies a header's value into `field` when `line` is `name: value`, cut to fit.
static void keep_header(const char *line, size_t length, const char *name, char *field, size_t size) {
    size_t value_length;
    const char *value = header_value(line, length, name, &value_length);
    if (!value) return;
    size_t copied = value_length < size - 1 ? value_length : size - 1;
    memcpy(field, value, copied);
    field[copied] = 0;
}

/// Keeps a header that says when to ask again: the first value of a repeated header, or
/// with `list` every line joined by ", ". A value that does not fit empties the field for
/// the rest of this response, as if the header had never come.
static void keep_schedule_header(struct transfer *transfer, const char *line, size_t length, const char *name,
                                 unsigned bit, char *field, size_t size, int list) {
    size_t value_length;
    const char *value = header_value(line, length, name, &value_length);
    if (!value || value_length == 0 || (transfer->dropped & bit)) return;
    size_t used = strlen(field);
    if (used > 0 && !list) return;
    size_t separator = used > 0 ? 2 : 0;
    size_t room = size - 1 - used; // used < size: the field always holds its NUL
    if (separator > room || value_length > room - separator) {
        field[0] = 0;
        transfer->dropped |= bit;
        return;
    }
    if (separator) memcpy(field + used, ", ", separator);
    memcpy(field + used + separator, value, value_length);
    field[used + separator + value_length] = 0;
}

static size_t on_header(char *line, size_t size, size_t count, void *context) {
    struct transfer *transfer = context;
    venued_fetch_result *result = transfer->result;
    size_t length = size * count;
    // A status line starts a new response (after a redirect or a 100): its headers count.
    if (length >= 5 && strncmp(line, "HTTP/", 5) == 0) {
        result->etag[0] = 0;
        result->last_modified[0] = 0;
        result->cache_control[0] = 0;
        result->expires[0] = 0;
        result->age[0] = 0;
        result->date[0] = 0;
        result->retry_after[0] = 0;
        transfer->dropped = 0;
    }
    keep_header(line, length, "ETag", result->etag, sizeof result->etag);
    keep_header(line, length, "Last-Modified", result->last_modified, sizeof result->last_modified);
#define KEEP(name, bit, field, list) \
    keep_schedule_header(transfer, line, length, name, bit, result->field, sizeof result->field, list)
    KEEP("Cache-Control", DROPPED_CACHE_CONTROL, cache_control, 1);
    KEEP("Expires", DROPPED_EXPIRES, expires, 0);
    KEEP("Age", DROPPED_AGE, age, 0);
    KEEP("Date", DROPPED_DATE, date, 0);
    KEEP("Retry-After", DROPPED_RETRY_AFTER, retry_after, 0);
#undef KEEP
    return length;
}

void venued_fetch(const char *url, long timeout_ms, size_t limit, const char *user_agent,
                  const char *if_none_match, const char *if_modified_since,
                  venued_fetch_result *result) {
    memset(result, 0, sizeof *result);
    if (!load(result->message, sizeof result->message)) {
        result->outcome = venued_fetch_no_library;
        return;
    }
    void *handle = curl.easy_init();
    if (!handle) {
        result->outcome = venued_fetch_failed;
        snprintf(result->message, sizeof result->message, "libcurl could not start a transfer");
        return;
    }
    char header[512];
    struct slist *headers = curl.slist_append(NULL, "Accept: application/json");
    if (if_none_match) {
        snprintf(header, sizeof header, "If-None-Match: %s", if_none_match);
        headers = curl.slist_append(headers, header);
    }
    if (if_modified_since) {
        snprintf(header, sizeof header, "If-Modified-Since: %s", if_modified_since);
        headers = curl.slist_append(headers, header);
    }
    struct transfer transfer = { .result = result, .limit = limit };
    char errors[ERROR_SIZE] = "";
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    /* A redirect never leaves TLS: from an https URL only to another https URL. */
    int secure = strncasecmp(url, "https://", 8) == 0;
    curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS, secure ? (long)PROTO_HTTPS : (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, OPT_MAXREDIRS, 5L);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_NOPROGRESS, 1L);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    // "" offers every encoding this libcurl decodes; the cap applies to decoded bytes.
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, OPT_MAXFILESIZE_LARGE, (long long)limit);
    curl.easy_setopt(handle, OPT_USERAGENT, user_agent);
    curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, errors);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, (data_callback)on_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, &transfer);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, (data_callback)on_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, &transfer);
    int code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &result->status);
    curl.easy_cleanup(handle);
    curl.slist_free_all(headers);
    result->curl_code = code;
    if (code == 0) {
        result->outcome = venued_fetch_completed;
    } else if (transfer.over || code == CODE_FILESIZE_EXCEEDED) {
        result->outcome = venued_fetch_too_large;
    } else {
        result->outcome = venued_fetch_failed;
        snprintf(result->message, sizeof result->message, "%s", errors[0] ? errors : curl.easy_strerror(code));
    }
}

void venued_fetch_release(venued_fetch_result *result) {
    free(result->body);
    result->body = NULL;
    result->length = 0;
}
