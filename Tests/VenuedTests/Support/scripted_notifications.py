"""A scripted notification server (org.freedesktop.Notifications) on the session bus
of DBUS_SESSION_BUS_ADDRESS, for NotifyTimingTests: it answers each Notify after
--delay seconds, and with --click before|after it sends ActionInvoked for the first
notification right before or right after its answer to the second Notify, in the same
write, so that the follower reads the signal together with a reply. Every call and
signal is a JSON line in --log, with the wall-clock time it happened.

Debian's python3-dbus and python3-gi (GLib's main loop)."""

import argparse
import json
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"

parser = argparse.ArgumentParser()
parser.add_argument("--delay", type=float, default=0)
parser.add_argument("--click", choices=["before", "after"])
parser.add_argument("--log", required=True)
options = parser.parse_args()


def log(**fields):
    with open(options.log, "a") as out:
        out.write(json.dumps(dict(fields, t=time.time())) + "\n")


class Server(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, PATH)
        self.next_id = 1

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body"]

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("scripted", "venued tests", "1", "1.2")

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u", async_callbacks=("reply", "error"))
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout, reply, error):
        shown = int(replaces) or self.next_id
        self.next_id += 0 if replaces else 1
        log(event="notify", summary=str(summary), body=str(body), replaces=int(replaces), id=shown, actions=[str(a) for a in actions])

        def answer():
            click = options.click and shown == 2
            if click and options.click == "before":
                self.ActionInvoked(dbus.UInt32(1), "default")
                log(event="click", id=1)
            reply(dbus.UInt32(shown))
            log(event="reply", id=shown)
            if click and options.click == "after":
                self.ActionInvoked(dbus.UInt32(1), "default")
                log(event="click", id=1)
            return False

        if options.delay > 0:
            GLib.timeout_add(int(options.delay * 1000), answer)
        else:
            answer()

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, id):
        log(event="close", id=int(id))
        self.NotificationClosed(dbus.UInt32(id), dbus.UInt32(3))

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, id, action):
        pass

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, id, reason):
        pass


DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
server = Server(bus)
name = dbus.service.BusName(NAME, bus)
log(event="ready")
GLib.MainLoop().run()
