// One HTTP GET through the system's libcurl (libcurl.so.4, loaded with dlopen), with
// every bound enforced inside the transfer rather than after it.
//
// Why libcurl directly and not URLSession: FoundationNetworking hands libcurl's data
// to the delegate on another queue, so a fast upstream had buffered 100 MB (280 MB of
// RSS) before a cancel took effect, and its timeouts are whole seconds per stall, not
// one deadline. Here the write callback refuses the byte past the cap (after
// decompression: a gzip bomb stops at the cap too), CURLOPT_TIMEOUT_MS is one total
// deadline for connect, headers and body, in milliseconds.
//
// Why dlopen: so building venued needs no curl headers and no libcurl-dev package;
// at run time it needs Debian's libcurl4, as FoundationNetworking did. The option
// numbers below are libcurl's stable ABI (curl.h of 7.88, unchanged since 7.16-7.37).
#ifndef C_CURL_FETCH_H
#define C_CURL_FETCH_H

#include <stddef.h>

/// What one GET produced. `outcome` says which fields mean something.
typedef enum {
    /// The transfer ended: `status` is the final HTTP status, `body`/`length` its body.
    venued_fetch_completed = 0,
    /// libcurl.so.4 could not be loaded: `message` says why.
    venued_fetch_no_library = 1,
    /// The transfer failed: `curl_code` and `message` say why.
    venued_fetch_failed = 2,
    /// The body (after decompression) passed `limit` bytes; the transfer was stopped.
    venued_fetch_too_large = 3,
} venued_fetch_outcome;

typedef struct {
    venued_fetch_outcome outcome;
    long status;
    int curl_code;
    char message[256];
    /// Response validators of the final response ("" when absent), cut to fit.
    char etag[256];
    char last_modified[128];
    /// Headers that say when to ask again, of the final response ("" when absent). A value
    /// that does not fit is dropped, never cut: "max-age=43200" cut short is another
    /// number. A repeated header keeps its first value (RFC 9111 4.2.1), except
    /// Cache-Control, whose lines are one list, joined with ", ".
    char cache_control[512];
    char expires[64];
    char age[32];
    char date[64];
    char retry_after[64];
    /// malloc'd; free with venued_fetch_release. Never longer than the limit.
    unsigned char *body;
    size_t length;
} venued_fetch_result;

/// GET `url` (http or https only, at most 5 redirects), all within `timeout_ms`.
/// `if_none_match`/`if_modified_since` are sent when not NULL. `user_agent` names us.
void venued_fetch(const char *url, long timeout_ms, size_t limit, const char *user_agent,
                  const char *if_none_match, const char *if_modified_since,
                  venued_fetch_result *result);

/// Frees the result's body.
void venued_fetch_release(venued_fetch_result *result);

#endif
