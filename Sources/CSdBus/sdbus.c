#include "CSdBus.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// sd-bus's ABI, from <systemd/sd-bus.h> (systemd 252).
typedef struct sd_bus sd_bus;
typedef struct sd_bus_message sd_bus_message;
typedef struct sd_bus_slot sd_bus_slot;
typedef struct {
    const char *name;
    const char *message;
    int need_free;
} sd_bus_error;
typedef int (*sd_bus_message_handler_t)(sd_bus_message *m, void *userdata, sd_bus_error *ret_error);
enum { MESSAGE_METHOD_RETURN = 2, MESSAGE_METHOD_ERROR = 3, MESSAGE_SIGNAL = 4 };

static struct {
    int (*open_user)(sd_bus **);
    void (*close)(sd_bus *);
    sd_bus *(*unref)(sd_bus *);
    int (*get_fd)(sd_bus *);
    int (*get_events)(sd_bus *);
    int (*get_timeout)(sd_bus *, uint64_t *);
    int (*process)(sd_bus *, sd_bus_message **);
    int (*add_match_async)(sd_bus *, sd_bus_slot **, const char *, sd_bus_message_handler_t, sd_bus_message_handler_t, void *);
    int (*new_method_call)(sd_bus *, sd_bus_message **, const char *, const char *, const char *, const char *);
    int (*append)(sd_bus_message *, const char *, ...);
    int (*open_container)(sd_bus_message *, char, const char *);
    int (*close_container)(sd_bus_message *);
    int (*call_async)(sd_bus *, sd_bus_slot **, sd_bus_message *, sd_bus_message_handler_t, void *, uint64_t);
    sd_bus_message *(*message_unref)(sd_bus_message *);
    int (*get_cookie)(sd_bus_message *, uint64_t *);
    int (*get_reply_cookie)(sd_bus_message *, uint64_t *);
    int (*get_type)(sd_bus_message *, uint8_t *);
    const sd_bus_error *(*get_error)(sd_bus_message *);
    const char *(*get_sender)(sd_bus_message *);
    const char *(*get_member)(sd_bus_message *);
    const char *(*get_signature)(sd_bus_message *, int);
    int (*read)(sd_bus_message *, const char *, ...);
    int (*read_strv)(sd_bus_message *, char ***);
} sd;

/// Loads libsystemd once; 0 with `message` set when it cannot.
static int load(char *message, size_t size) {
    if (sd.open_user) return 1;
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(message, size, "cannot load libsystemd.so.0 (install Debian's libsystemd0): %s", dlerror());
        return 0;
    }
#define SYMBOL(field, name) \
    if (!(*(void **)&sd.field = dlsym(library, name))) { \
        snprintf(message, size, "libsystemd.so.0 has no %s (systemd 239 or later is needed)", name); \
        return 0; \
    }
    SYMBOL(close, "sd_bus_close")
    SYMBOL(unref, "sd_bus_unref")
    SYMBOL(get_fd, "sd_bus_get_fd")
    SYMBOL(get_events, "sd_bus_get_events")
    SYMBOL(get_timeout, "sd_bus_get_timeout")
    SYMBOL(process, "sd_bus_process")
    SYMBOL(add_match_async, "sd_bus_add_match_async")
    SYMBOL(new_method_call, "sd_bus_message_new_method_call")
    SYMBOL(append, "sd_bus_message_append")
    SYMBOL(open_container, "sd_bus_message_open_container")
    SYMBOL(close_container, "sd_bus_message_close_container")
    SYMBOL(call_async, "sd_bus_call_async")
    SYMBOL(message_unref, "sd_bus_message_unref")
    SYMBOL(get_cookie, "sd_bus_message_get_cookie")
    SYMBOL(get_reply_cookie, "sd_bus_message_get_reply_cookie")
    SYMBOL(get_type, "sd_bus_message_get_type")
    SYMBOL(get_error, "sd_bus_message_get_error")
    SYMBOL(get_sender, "sd_bus_message_get_sender")
    SYMBOL(get_member, "sd_bus_message_get_member")
    SYMBOL(get_signature, "sd_bus_message_get_signature")
    SYMBOL(read, "sd_bus_message_read")
    SYMBOL(read_strv, "sd_bus_message_read_strv")
    // Last: it is the mark that everything above is loaded.
    SYMBOL(open_user, "sd_bus_open_user")
#undef SYMBOL
    return 1;
}

/// One sd_bus_process dispatches one message, which gives one event at most: a few
/// slots are room enough between two `venued_bus_take` rounds. An event that does not
/// fit is dropped and counted, never a reason to allocate.
enum { QUEUE = 8 };

struct venued_bus {
    sd_bus *bus;
    venued_bus_event queue[QUEUE];
    int head;
    int count;
};

static const char notifications[] = "org.freedesktop.Notifications";
static const char notifications_path[] = "/org/freedesktop/Notifications";

/// Copies `source` whole into `field`: 0 when it does not fit (a cut action key or token
/// is another one, so the event is dropped instead).
static int copy_whole(char *field, size_t size, const char *source) {
    if (!source) source = "";
    size_t length = strlen(source);
    if (length >= size) return 0;
    memcpy(field, source, length + 1);
    return 1;
}

static venued_bus_event *next_slot(venued_bus *owner) {
    if (owner->count == QUEUE) return NULL;
    venued_bus_event *event = &owner->queue[(owner->head + owner->count) % QUEUE];
    memset(event, 0, sizeof *event);
    return event;
}

static void commit(venued_bus *owner) { owner->count++; }

/// A reply to one of our calls: its cookie, and what it carries when its signature is one
/// we asked for.
static int on_reply(sd_bus_message *message, void *userdata, sd_bus_error *unused) {
    (void)unused;
    venued_bus *owner = userdata;
    venued_bus_event *event = next_slot(owner);
    if (!event || sd.get_reply_cookie(message, &event->cookie) < 0) return 0;
    copy_whole(event->sender, sizeof event->sender, sd.get_sender(message));
    uint8_t type = 0;
    sd.get_type(message, &type);
    if (type == MESSAGE_METHOD_ERROR) {
        const sd_bus_error *error = sd.get_error(message);
        event->kind = venued_bus_error;
        snprintf(event->name, sizeof event->name, "%s", error && error->name ? error->name : "org.freedesktop.DBus.Error.Failed");
        snprintf(event->text, sizeof event->text, "%s", error && error->message ? error->message : "no message");
        commit(owner);
        return 0;
    }
    event->kind = venued_bus_reply;
    const char *signature = sd.get_signature(message, 1);
    if (signature && strcmp(signature, "u") == 0) {
        if (sd.read(message, "u", &event->id) < 0) event->kind = venued_bus_error;
        event->has_id = 1;
    } else if (signature && strcmp(signature, "as") == 0) {
        char **names = NULL;
        if (sd.read_strv(message, &names) >= 0 && names) {
            size_t used = 0;
            for (char **name = names; *name; name++) {
                size_t length = strlen(*name);
                // A name that does not fit is left out: it is one the server has, not one we use.
                if (used + length + 2 <= sizeof event->text) {
                    memcpy(event->text + used, *name, length);
                    used += length;
                    event->text[used++] = '\n';
                }
                free(*name);
            }
            free(names);
        }
    }
    if (event->kind == venued_bus_error) {
        snprintf(event->name, sizeof event->name, "org.freedesktop.DBus.Error.InvalidArgs");
        snprintf(event->text, sizeof event->text, "the reply's body is not its signature");
    }
    commit(owner);
    return 0;
}

/// The server's three signals, with their signatures; anything else is ignored.
static int on_signal(sd_bus_message *message, void *userdata, sd_bus_error *unused) {
    (void)unused;
    venued_bus *owner = userdata;
    const char *member = sd.get_member(message);
    const char *signature = sd.get_signature(message, 1);
    if (!member || !signature) return 0;
    venued_bus_event *event = next_slot(owner);
    if (!event) return 0;
    const char *text = NULL;
    int whole = copy_whole(event->sender, sizeof event->sender, sd.get_sender(message));
    if (strcmp(member, "ActionInvoked") == 0 && strcmp(signature, "us") == 0) {
        event->kind = venued_bus_action;
        whole = whole && sd.read(message, "us", &event->id, &text) >= 0 && copy_whole(event->name, sizeof event->name, text);
    } else if (strcmp(member, "ActivationToken") == 0 && strcmp(signature, "us") == 0) {
        event->kind = venued_bus_token;
        whole = whole && sd.read(message, "us", &event->id, &text) >= 0 && copy_whole(event->text, sizeof event->text, text);
    } else if (strcmp(member, "NotificationClosed") == 0 && strcmp(signature, "uu") == 0) {
        event->kind = venued_bus_closed;
        whole = whole && sd.read(message, "uu", &event->id, &event->reason) >= 0;
    } else {
        whole = 0;
    }
    event->has_id = 1;
    if (whole) commit(owner);
    return 0;
}

venued_bus *venued_bus_open(int *error, char *message, size_t size) {
    *error = 0;
    if (!load(message, size)) return NULL;
    venued_bus *owner = calloc(1, sizeof *owner);
    if (!owner) {
        *error = -ENOMEM;
        snprintf(message, size, "out of memory");
        return NULL;
    }
    int result = sd.open_user(&owner->bus);
    if (result < 0) {
        *error = result;
        snprintf(message, size, "%s", strerror(-result));
        free(owner);
        return NULL;
    }
    // Every sender: the bus would resolve the well-known name, but sd-bus's own check of
    // a rule cannot, so the server is told apart by its unique name (the caller's job).
    result = sd.add_match_async(owner->bus, NULL,
                                "type='signal',path='/org/freedesktop/Notifications',interface='org.freedesktop.Notifications'",
                                on_signal, NULL, owner);
    if (result < 0) {
        *error = result;
        snprintf(message, size, "cannot subscribe to the notification server's signals: %s", strerror(-result));
        venued_bus_close(owner);
        return NULL;
    }
    return owner;
}

void venued_bus_close(venued_bus *owner) {
    if (!owner) return;
    sd.close(owner->bus);
    sd.unref(owner->bus);
    free(owner);
}

int venued_bus_fd(venued_bus *owner) { return sd.get_fd(owner->bus); }

int venued_bus_events(venued_bus *owner) {
    int events = sd.get_events(owner->bus);
    return events < 0 ? 0 : events;
}

uint64_t venued_bus_timeout(venued_bus *owner) {
    uint64_t deadline = UINT64_MAX;
    if (sd.get_timeout(owner->bus, &deadline) < 0) return UINT64_MAX;
    return deadline;
}

int venued_bus_process(venued_bus *owner) { return sd.process(owner->bus, NULL); }

int venued_bus_take(venued_bus *owner, venued_bus_event *event) {
    if (owner->count == 0) return 0;
    *event = owner->queue[owner->head];
    owner->head = (owner->head + 1) % QUEUE;
    owner->count--;
    return 1;
}

/// Sends `message` (consumed) and returns its cookie, or -errno.
static int64_t send_call(venued_bus *owner, sd_bus_message *message, int built, uint64_t timeout_usec) {
    uint64_t cookie = 0;
    int result = built;
    if (result >= 0) result = sd.call_async(owner->bus, NULL, message, on_reply, owner, timeout_usec);
    if (result >= 0) result = sd.get_cookie(message, &cookie);
    sd.message_unref(message);
    return result < 0 ? result : (int64_t)cookie;
}

static int new_call(venued_bus *owner, sd_bus_message **message, const char *member) {
    return sd.new_method_call(owner->bus, message, notifications, notifications_path, notifications, member);
}

int64_t venued_bus_get_capabilities(venued_bus *owner, uint64_t timeout_usec) {
    sd_bus_message *message = NULL;
    int result = new_call(owner, &message, "GetCapabilities");
    if (result < 0) return result;
    return send_call(owner, message, 0, timeout_usec);
}

int64_t venued_bus_notify(venued_bus *owner, uint32_t replaces_id, const char *summary, const char *body,
                          const char *const *actions, int action_count, uint8_t urgency, uint64_t timeout_usec) {
    sd_bus_message *message = NULL;
    int result = new_call(owner, &message, "Notify");
    if (result < 0) return result;
    result = sd.append(message, "susss", "venued", replaces_id, "", summary, body);
    if (result >= 0) result = sd.open_container(message, 'a', "s");
    for (int index = 0; result >= 0 && index < action_count; index++) result = sd.append(message, "s", actions[index]);
    if (result >= 0) result = sd.close_container(message);
    if (result >= 0) result = sd.append(message, "a{sv}", 1, "urgency", "y", urgency);
    if (result >= 0) result = sd.append(message, "i", (int32_t)-1);
    return send_call(owner, message, result, timeout_usec);
}

int64_t venued_bus_close_notification(venued_bus *owner, uint32_t id, uint64_t timeout_usec) {
    sd_bus_message *message = NULL;
    int result = new_call(owner, &message, "CloseNotification");
    if (result < 0) return result;
    return send_call(owner, message, sd.append(message, "u", id), timeout_usec);
}
