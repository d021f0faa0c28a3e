#!/usr/bin/env python3
"""Writes the seed corpora of Fuzz/corpus/ from the repository's own data and docs:
real feeds, every request example of docs/PROTOCOL.md, zone files of a few zones,
their POSIX rules, sample config and favorites files, venuectl command lines from
README.md and the man page. Run from the repository root; rewrites what it writes."""
import hashlib, json, os, re, shlex

ROOT = os.getcwd()
OUT = os.path.join(ROOT, "Fuzz", "corpus")


def seed(target, name, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(OUT, target)
    os.makedirs(folder, exist_ok=True)
    name = name or hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def read(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


# Feeds: every JSON fixture and the bundled backup.
feeds = ["Resources/backup-venues.json"] + sorted(
    "Tests/Fixtures/penn/" + f for f in os.listdir("Tests/Fixtures/penn") if f.endswith(".json"))
for path in feeds:
    seed("feed", os.path.basename(path), read(path))
    seed("json", os.path.basename(path), read(path))
    seed("outputs", os.path.basename(path), read(path))

# Menus: Penn's real body, the made-up week, and bodies that are not menus at all.
menu_bodies = sorted(["Tests/Fixtures/penn/" + f for f in os.listdir("Tests/Fixtures/penn") if "menus" in f]
                     + ["Tests/Fixtures/menus/week/" + f for f in os.listdir("Tests/Fixtures/menus/week")])
for path in menu_bodies:
    seed("menus", os.path.basename(path), read(path))
seed("menus", "empty", b"[]")
seed("menus", "html", b"<!DOCTYPE html><html><body>Server Error (500)</body></html>")
seed("menus", "deep", b"[" * 100 + b"]" * 100)

# Outputs: the real week with terminal escapes and bidi overrides in every text field,
# as JSON escapes, raw UTF-8 and HTML entities, so the fuzzer starts where they matter.
hostile = "\x1b]52;c;cHduZWQ=\x07\x1b]0;t\x1b\\\x1b[2J\u009b31m\x7f\x08\r\n\u0085\u2028\t\u202e\u2066x\u2069"
week = json.loads(read("Resources/backup-venues.json"))
for venue in week[:3]:
    venue["name"] += hostile + "&#27;[1m&#x9B;&#8238;"
    venue["address"] = hostile
    venue["image"] = hostile
    for day in venue.get("days", []):
        for part in day.get("dayparts", []):
            part["label"] = "Lunch" + hostile + "&#7;"
            part["message"] = "Meal" + hostile + "\nsecond line"
seed("outputs", "hostile-escaped", json.dumps(week))
seed("outputs", "hostile-raw", json.dumps(week, ensure_ascii=False))
seed("outputs", "hostile-upstream-error", json.dumps({"error": "down" + hostile}))

# Requests: every line docs/PROTOCOL.md sends, one seed each and all of them pipelined.
protocol = read("docs/PROTOCOL.md").decode()
requests = sorted(set(re.findall(r'(\{"v":1,"cmd":.*?\})(?:\'|\s*$)', protocol, re.M)))
for line in requests:
    json.loads(line)
    seed("request", None, line + "\n")
    seed("json", None, line)
seed("request", "pipelined", "".join(l + "\n" for l in requests))
for cmd in ["status", "hours", "next", "info", "refresh", "subscribe", "feed"]:
    seed("request", "bare-" + cmd, '{"v":1,"cmd":"%s"}\n' % cmd)
seed("request", "every-status-field",
     '{"v":1,"cmd":"status","venues":[593,"falk"],"open_now":false,"halls":true,"retail":false,"favorites":false,'
     '"near":"39.9522,-75.1932","tz":"America/New_York","no_estimate":false,"soon":20,"at":"2023-09-18T12:00",'
     '"render":"template","template":"{name} {state} {changes_in}","color":true,"user_tz":"Europe/London","columns":80}\n')
seed("request", "next-every-field",
     '{"v":1,"cmd":"next","venues":[593],"at":"2023-09-18T23:30Z","tz":"UTC","no_estimate":true,"hours":48,"limit":5}\n')
seed("request", "hours-every-field",
     '{"v":1,"cmd":"hours","venue":"commons","from":"2023-09-16","days":14,"tz":"America/Chicago","no_estimate":true}\n')
# Over the 16 KiB line limit, then a good line: max_len follows the largest seed, so
# without this the fuzzer would never reach the limit.
seed("request", "over-the-line-limit", '{"v":1,"cmd":"status","venues":["' + "x" * 16_500 + '"]}\n{"v":1,"cmd":"info"}\n')
seed("request", "favorite-ids",
     '{"v":1,"cmd":"status","favorites":true,"favorite_ids":[593,1442],"render":"i3bar","soon":30}\n')

# JSON odds and ends.
for text in ['[]', '{}', '"\\ud83c\\udf7d \\u00e9\\n"', '-0.5e-3', '[1,true,false,null,{"a":[]}]', '{"error":"rate limited"}']:
    seed("json", None, text)

# Feed times: every distinct date and time form in the feeds, plus the other forms HOURS.md §2.2 reads.
times = set()
for path in feeds:
    for key in ("starttime", "endtime", "date"):
        times.update(re.findall(r'"%s"\s*:\s*"([^"]*)"' % key, read(path).decode("utf-8", "replace")))
shapes = {}
for t in sorted(times):
    shapes.setdefault(re.sub(r"\d", "9", t), t)
for t in list(shapes.values()) + ["10:00", "10:00:30", "2022-10-08T10:00:00-04:00", "2022-10-08T10:00:00Z",
                                  "2022-10-08 10:00:00.123456", "2023-09-18T23:59:59+0530", "now", "2024-02-29"]:
    seed("feedtime", None, t)

# Zone files: small zones with DST rules of every shape, and their POSIX footers.
zones = ["America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
         "America/Sao_Paulo", "Africa/Casablanca", "Europe/Dublin", "America/Godthab", "Asia/Tehran", "UTC"]
rules = set()
for zone in zones:
    data = read(os.path.join("/usr/share/zoneinfo", zone))
    seed("tzif", zone.replace("/", "_"), data)
    footer = data.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    rules.add(footer.decode())
rules |= {"EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30", "IST-2IDT,M3.4.4/26,M10.5.0", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
          "WART4WARST,J1/0,J365/25", "AAA3BBB,0/0,365/25", "NZST-12NZDT,M9.5.0,M4.1.0/3", "EST5EDT4,M3.2.0/02:00:00,M11.1.0/02:00:00",
          "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "UTC0"}
for rule in sorted(rules):
    if rule:
        seed("posixtz", None, rule)

# venued's config file and command line (docs/venued.md's keys).
seed("venued_config", "all-keys", """# venued config
primary_url = https://pennmobile.org/api/dining/venues/?format=json#frag
backup_url = https://pennlabs.github.io/backup-data/venues.json
refresh = 900
timeout = 10
socket = /run/user/1000/venued/venued.sock
cache_dir = /home/me/.cache/venued
tz = America/New_York
log_level = debug
clock_offset = -3600
""")
seed("venued_config", "small", "refresh=60\r\n\t# comment\n\ntz = Europe/London\n")
seed("venued_config", "repeated", "refresh = 60\nrefresh = 61\n")
seed("venued_config", "prompts", """prompt.dining = --favorites --format prompt
prompt.lunch = --halls --open-now --template '{name}: {phrase}'
prompt.quoted = "1920 commons" --soon 20 --tz 'America/New_York' --near 39.9522,-75.1932 \\ "a \\"b\\"" ''
prompt.bad = --at 12:00 --template '{name}
prompt.bad/name = --json
""")
for line in [["--refresh", "600", "--log-level", "debug"], ["--check"], ["--check", "Resources/backup-venues.json"],
             ["--primary-url=http://127.0.0.1:8080/venues.json", "--timeout", "0.5"], ["--socket", "/tmp/v.sock", "--cache-dir=/tmp/c"],
             ["--tz", "Asia/Kolkata", "--clock-offset", "-60"], ["--help"], ["--version"], ["--backup-url"]]:
    seed("venued_args", None, "\0".join(line))

# venuectl.conf (README.md) and favorites.
seed("venuectl_conf", "readme", "# venuectl status without flags shows my favorites as a prompt line\nfilter = favorites\nformat = prompt\nsoon = 20\n")
seed("venuectl_conf", "all-keys", "filter = open-now\ntemplate = {name} {state} {changes_in}\nsoon = 0\ntz = Europe/London\nnear = 39.9522,-75.1932\n")
seed("venuectl_conf", "bad", "filter = everything\nformat\n")
seed("favorites", "written", "# venuectl favorites: one venue id a line (the name after '#' is for people).\n593  # 1920 Commons\n1442  # Lauder College House\n")
seed("favorites", "odd", "\r\n  636\t# Hill House\r\n# 747\n593\n593\n-1\n")

# Refresh headers: Cache-Control, Expires, Age, Date, Retry-After, its Date; one a line.
seed("http_headers", "max-age", "public, max-age=43200\n\n100\nSun, 06 Nov 1994 08:49:37 GMT\n\n")
seed("http_headers", "expires", "\nSun, 06 Nov 1994 20:49:37 GMT\n\nSun, 06 Nov 1994 08:49:37 GMT\n\n")
seed("http_headers", "obsolete-dates", 'no-cache="Set-Cookie", ext="a, b"\nSunday, 06-Nov-94 08:49:37 GMT\n5, 6\nSun Nov  6 08:49:37 1994\n120\n')
seed("http_headers", "retry-date", "no-store\n0\n-1\n\nFri, 31 Dec 9999 23:59:59 GMT\nSat, 01 Jan 0000 00:00:00 GMT")

# venuectl command lines: README.md, docs and the man page, each command's table.
selectors = {"status": 0, "hours": 1, "next": 2, "search": 3, "is-open": 4, "open": 5, "favorites": 6, "info": 7,
             "refresh": 8, "completions": 9, "__venues": 10, "watch": 11, "notify": 12, "menu": 13}
text = "\n".join(read(p).decode() for p in ["README.md", "docs/integrations.md", "docs/venued.md", "man/venuectl.1"])
text = text.replace("\\-", "-")
lines = set()
for match in re.findall(r"venuectl ((?:status|hours|next|search|is-open|open|favorites|info|refresh|completions|watch|notify|menu|__venues)(?![\w-])[^`\n|>&;)]*)", text):
    try:
        words = shlex.split(match)
    except ValueError:
        continue
    if words and words[0] in selectors:
        lines.add(tuple(words))
for words in [("status", "--soon", "1440", "--at", "now", "--tz", "UTC", "--no-estimate", "--retail", "--all"),
              ("status", "--format=waybar", "--", "-dash"), ("next", "--within", "90m", "--hours", "3"),
              ("hours", "commons", "--days=14", "--from", "2023-09-16"), ("watch", "--count=3", "--json"),
              ("status", "-h"), ("info", "--json", "--socket", "/tmp/s"),
              ("notify", "--venues", "1920,hill", "--events", "opens,closes", "--before", "15,5", "--count", "2"),
              ("menu", "commons", "--date", "+2", "--meal", "dinner", "--diet", "vegan,halal", "--without", "peanut,milk", "--all"),
              ("search", "--dish", "pizza", "--date", "tomorrow", "--menus", "menus/")]:
    lines.add(words)
for words in sorted(lines):
    seed("argv", None, bytes([selectors[words[0]]]) + "\0".join(words[1:]).encode())
