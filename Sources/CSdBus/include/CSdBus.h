// The few sd-bus calls `venued-notify` needs to talk to the desktop's notification
// server (org.freedesktop.Notifications) on the session bus, from the system's
// libsystemd.so.0 loaded with dlopen.
//
// Why sd-bus: the D-Bus wire format, SASL, framing and the bookkeeping of replies and
// signals are libsystemd's, maintained with systemd and present on every machine that
// runs the user units; ours reads what sd-bus has decoded and type-checked.
// Why dlopen: building needs no libsystemd-dev, and a machine without libsystemd is a
// machine without a bus (one line, then the follower waits), not a program that cannot
// start. The handful of sd-bus functions below are systemd's stable ABI since 239.
//
// Everything is asynchronous: calls return at once with the cookie their reply will
// carry; replies and the server's signals become events, queued here while
// `venued_bus_process` runs sd_bus_process and taken one by one with `venued_bus_take`.
#ifndef C_SD_BUS_H
#define C_SD_BUS_H

#include <stddef.h>
#include <stdint.h>

typedef struct venued_bus venued_bus;

typedef enum {
    /// A method call answered: `cookie`; `id` for Notify's `u`, `text` for
    /// GetCapabilities' `as` (one name a line), nothing for an empty reply.
    venued_bus_reply = 1,
    /// A method call failed (an error reply, a timeout, the bus gone): `cookie`,
    /// `name` (the D-Bus error name) and `text` (its message).
    venued_bus_error = 2,
    /// ActionInvoked(u id, s action_key): `id`, `name` is the key.
    venued_bus_action = 3,
    /// ActivationToken(u id, s token): `id`, `text` is the token.
    venued_bus_token = 4,
    /// NotificationClosed(u id, u reason): `id`, `reason`.
    venued_bus_closed = 5,
} venued_bus_event_kind;

typedef struct {
    venued_bus_event_kind kind;
    uint64_t cookie;
    uint32_t id;
    /// 1 when the reply carried an id (Notify's `u`), or the signal its `u`.
    int has_id;
    uint32_t reason;
    /// The unique name of the sender (":1.7"); "" when sd-bus does not know it.
    char sender[256];
    char name[256];
    char text[2048];
} venued_bus_event;

/// Connects to the session bus as sd_bus_open_user does (DBUS_SESSION_BUS_ADDRESS, else
/// $XDG_RUNTIME_DIR/bus) and subscribes to the notification server's signals. NULL on
/// failure, with -errno in `*error` (0 when libsystemd.so.0 is missing or lacks a
/// function) and a line in `message`.
venued_bus *venued_bus_open(int *error, char *message, size_t size);

/// Closes the connection and frees everything; pending calls are dropped.
void venued_bus_close(venued_bus *bus);

/// The descriptor to poll, the poll events sd-bus waits for, and the absolute
/// CLOCK_MONOTONIC deadline (microseconds; UINT64_MAX for none) of its next timeout.
int venued_bus_fd(venued_bus *bus);
int venued_bus_events(venued_bus *bus);
uint64_t venued_bus_timeout(venued_bus *bus);

/// One round of sd_bus_process: >0 when something was processed (call again), 0 when
/// nothing is left to do until the descriptor or the timeout says so, -errno when the
/// connection is broken.
int venued_bus_process(venued_bus *bus);

/// The next queued event into `event`: 1, or 0 when none is queued.
int venued_bus_take(venued_bus *bus, venued_bus_event *event);

/// org.freedesktop.Notifications.GetCapabilities. The call's cookie (>0), or -errno.
int64_t venued_bus_get_capabilities(venued_bus *bus, uint64_t timeout_usec);

/// org.freedesktop.Notifications.Notify("venued", replaces_id, "", summary, body,
/// actions, {"urgency": byte}, -1). The call's cookie (>0), or -errno.
int64_t venued_bus_notify(venued_bus *bus, uint32_t replaces_id, const char *summary, const char *body,
                          const char *const *actions, int action_count, uint8_t urgency, uint64_t timeout_usec);

/// org.freedesktop.Notifications.CloseNotification(id). The call's cookie (>0), or -errno.
int64_t venued_bus_close_notification(venued_bus *bus, uint32_t id, uint64_t timeout_usec);

#endif
