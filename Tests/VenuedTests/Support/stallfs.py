"""A FUSE file system whose reads of chosen files never answer: a stalled NFS or sshfs
server, for tests. Python's standard library only: it speaks the kernel's FUSE protocol
over /dev/fuse and mounts with mount(2) through ctypes, so it needs root (no fusermount).

    python3 stallfs.py MOUNTPOINT NAME=TEXT... [--stall NAME]...

The root directory holds the files NAME with the contents TEXT; a read of a file named
by --stall waits until the file system is unmounted or this process ends (the kernel then
fails the read). Every other request is answered at once, each on a thread of its own.
Prints "mounted" on stdout once the mount is in place.
"""
import ctypes
import os
import struct
import sys
import threading

LOOKUP, FORGET, GETATTR, OPEN, READ, RELEASE, INIT = 1, 2, 3, 14, 15, 18, 26
OPENDIR, READDIR, RELEASEDIR, INTERRUPT, DESTROY, BATCH_FORGET = 27, 28, 29, 36, 38, 42
ENOENT, ENOSYS = 2, 38
IN_HEADER = struct.Struct("<IIQQIIII")  # len, opcode, unique, nodeid, uid, gid, pid, padding


def attr(ino, mode, size):
    # fuse_attr: ino size blocks atime mtime ctime (u64), their nsecs (u32 x3), mode nlink uid gid rdev blksize flags
    return struct.pack("<QQQQQQIIIIIIIIII", ino, size, (size + 511) // 512, 0, 0, 0, 0, 0, 0,
                       mode, 1, os.getuid(), os.getgid(), 0, 4096, 0)


def main():
    args = sys.argv[1:]
    mountpoint = args.pop(0)
    stalled, files = set(), {}
    while args:
        word = args.pop(0)
        if word == "--stall":
            stalled.add(args.pop(0).encode())
        else:
            name, _, text = word.partition("=")
            files[name.encode()] = text.encode()
    inodes = {name: 2 + index for index, name in enumerate(sorted(files))}
    names = {ino: name for name, ino in inodes.items()}

    fd = os.open("/dev/fuse", os.O_RDWR)
    libc = ctypes.CDLL(None, use_errno=True)
    options = f"fd={fd},rootmode=40000,user_id={os.getuid()},group_id={os.getgid()},allow_other".encode()
    if libc.mount(b"stallfs", mountpoint.encode(), b"fuse", 0x2 | 0x4, options) != 0:  # MS_NOSUID | MS_NODEV
        sys.exit(f"mount: {os.strerror(ctypes.get_errno())}")
    print("mounted", flush=True)
    released = threading.Event()

    def reply(unique, error=0, payload=b""):
        try:
            os.write(fd, struct.pack("<IiQ", 16 + len(payload), -error, unique) + payload)
        except OSError:
            pass  # the request was interrupted, or the file system is gone

    def serve(opcode, unique, node, body):
        if opcode == INIT:
            major, minor, readahead, _ = struct.unpack_from("<IIII", body)
            # fuse_init_out: major minor max_readahead flags max_background congestion
            # max_write time_gran max_pages map_alignment flags2 unused[7]
            reply(unique, payload=struct.pack("<IIIIHHIIHHI7I", 7, 31, readahead, 0, 16, 12, 65536, 1, 16, 0, 0, *[0] * 7))
        elif opcode == LOOKUP:
            name = body.split(b"\0", 1)[0]
            if node != 1 or name not in inodes:
                return reply(unique, ENOENT)
            ino = inodes[name]
            # fuse_entry_out: nodeid generation entry_valid attr_valid (u64) their nsecs (u32 x2), attr
            reply(unique, payload=struct.pack("<QQQQII", ino, 0, 0, 0, 0, 0) + attr(ino, 0o100644, len(files[name])))
        elif opcode == GETATTR:
            payload = attr(1, 0o40755, 0) if node == 1 else attr(node, 0o100644, len(files[names[node]]))
            reply(unique, payload=struct.pack("<QII", 0, 0, 0) + payload)
        elif opcode in (OPEN, OPENDIR):
            reply(unique, payload=struct.pack("<QII", 0, 0, 0))
        elif opcode == READ:
            _, offset, size = struct.unpack_from("<QQI", body)
            name = names.get(node, b"")
            if name in stalled:
                released.wait()
                return reply(unique, 5)  # EIO, if it is ever answered
            reply(unique, payload=files.get(name, b"")[offset:offset + size])
        elif opcode in (RELEASE, RELEASEDIR):
            reply(unique)
        elif opcode in (FORGET, BATCH_FORGET, INTERRUPT):
            pass  # no answer is expected
        else:
            reply(unique, ENOSYS)

    while True:
        try:
            message = os.read(fd, 1 << 20)
        except OSError:
            break  # unmounted (ENODEV)
        if not message:
            break
        _, opcode, unique, node, *_ = IN_HEADER.unpack_from(message)
        if opcode == DESTROY:
            break
        threading.Thread(target=serve, args=(opcode, unique, node, message[IN_HEADER.size:]), daemon=True).start()
    released.set()


if __name__ == "__main__":
    main()
