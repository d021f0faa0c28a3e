# venued: build and install for one user (no root needed).
#
#   make install PREFIX=~/.local     release binaries (venued, venuectl, venued-notify),
#                                    systemd user units (venued and
#                                    venued-notify), man pages,
#                                    bash/zsh/fish completions, README and docs
#   make uninstall PREFIX=~/.local
#   make deb                         venued_VERSION_ARCH.deb (dpkg-deb), for
#                                    sudo apt-get install ./venued_*.deb
#
# then:  systemctl --user daemon-reload && systemctl --user enable --now venued.socket
#
# Binaries link the Swift runtime statically, so they keep working without the
# toolchain. Building needs only the toolchain and make; at run time venued needs libc,
# libstdc++, tzdata, and for its fetches libcurl4 (libcurl.so.4, loaded with dlopen)
# and ca-certificates; venued-notify needs libsystemd0 (libsystemd.so.0, loaded with
# dlopen) for the session bus.

PREFIX   ?= $(HOME)/.local
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
# The README and docs/*.md side by side: the help texts and man pages name this directory.
DOCDIR   ?= $(PREFIX)/share/doc/venued
DOCS      = $(wildcard docs/*.md)
# $XDG_DATA_HOME/systemd/user (~/.local/share/systemd/user) is on the user manager's unit path.
UNITDIR  ?= $(PREFIX)/share/systemd/user
# Where each shell's completion loader looks under a prefix (bash-completion looks in
# $XDG_DATA_HOME/bash-completion/completions, i.e. ~/.local/share/... for PREFIX=~/.local).
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
SWIFT    ?= swift
BUILDDIR ?= .build
# -z now (with the default relro): the GOT is made read-only once the program has loaded.
BUILD     = $(SWIFT) build -c release --static-swift-stdlib -Xlinker -z -Xlinker now --scratch-path $(BUILDDIR)

# `make deb`: the package is staged in DEBSTAGE and written into DEBOUT.
DEBSTAGE ?= $(BUILDDIR)-deb
DEBOUT   ?= .

.PHONY: all build install install-files uninstall deb check
all: build

build:
	$(BUILD) --product venued
	$(BUILD) --product venuectl
	$(BUILD) --product venued-notify

install: build
	$(MAKE) install-files BUILT="$$($(BUILD) --show-bin-path)"

# Copies what BUILT holds (a directory with venued, venuectl and venued-notify) into PREFIX.
# venued-notify goes beside venuectl: `venuectl notify` execs it from its own directory.
install-files:
	@test -n "$(BUILT)" && test -x "$(BUILT)/venued" && test -x "$(BUILT)/venuectl" && test -x "$(BUILT)/venued-notify" \
	  || { echo "make: no venued/venuectl/venued-notify in BUILT='$(BUILT)'; run 'make install'" >&2; exit 1; }
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(UNITDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man8"
	install -m 0755 "$(BUILT)/venued" "$(BUILT)/venuectl" "$(BUILT)/venued-notify" "$(DESTDIR)$(BINDIR)/"
	sed 's|@BINDIR@|$(BINDIR)|g' systemd/venued.service > "$(DESTDIR)$(UNITDIR)/venued.service"
	sed 's|@BINDIR@|$(BINDIR)|g' systemd/venued-notify.service > "$(DESTDIR)$(UNITDIR)/venued-notify.service"
	chmod 0644 "$(DESTDIR)$(UNITDIR)/venued.service" "$(DESTDIR)$(UNITDIR)/venued-notify.service"
	install -m 0644 systemd/venued.socket "$(DESTDIR)$(UNITDIR)/"
	install -m 0644 man/venuectl.1 man/venued-notify.1 "$(DESTDIR)$(MANDIR)/man1/"
	install -m 0644 man/venued.8 "$(DESTDIR)$(MANDIR)/man8/"
	install -d "$(DESTDIR)$(DOCDIR)"
	install -m 0644 $(DOCS) "$(DESTDIR)$(DOCDIR)/"
	# The docs sit beside the README here, not in docs/: its links follow them.
	sed 's|](docs/|](|g' README.md > "$(DESTDIR)$(DOCDIR)/README.md"
	chmod 0644 "$(DESTDIR)$(DOCDIR)/README.md"
	# Completions come from the binary's own command table, so they match its flags.
	install -d "$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	"$(BUILT)/venuectl" completions bash > "$(DESTDIR)$(BASHCOMPDIR)/venuectl"
	"$(BUILT)/venuectl" completions zsh > "$(DESTDIR)$(ZSHCOMPDIR)/_venuectl"
	"$(BUILT)/venuectl" completions fish > "$(DESTDIR)$(FISHCOMPDIR)/venuectl.fish"
	chmod 0644 "$(DESTDIR)$(BASHCOMPDIR)/venuectl" "$(DESTDIR)$(ZSHCOMPDIR)/_venuectl" "$(DESTDIR)$(FISHCOMPDIR)/venuectl.fish"
	@echo "installed into $(DESTDIR)$(PREFIX); now run:"
	@echo "  systemctl --user daemon-reload && systemctl --user enable --now venued.socket"
	@echo "and for desktop notifications of your favorites:"
	@echo "  systemctl --user enable --now venued-notify.service"

uninstall:
	-systemctl --user disable --now venued-notify.service venued.socket venued.service 2>/dev/null
	rm -f "$(DESTDIR)$(BINDIR)/venued" "$(DESTDIR)$(BINDIR)/venuectl" "$(DESTDIR)$(BINDIR)/venued-notify"
	rm -f "$(DESTDIR)$(UNITDIR)/venued.service" "$(DESTDIR)$(UNITDIR)/venued.socket" "$(DESTDIR)$(UNITDIR)/venued-notify.service"
	rm -f "$(DESTDIR)$(MANDIR)/man1/venuectl.1" "$(DESTDIR)$(MANDIR)/man1/venued-notify.1" "$(DESTDIR)$(MANDIR)/man8/venued.8"
	rm -f "$(DESTDIR)$(DOCDIR)/README.md" $(addprefix "$(DESTDIR)$(DOCDIR)/,$(addsuffix ",$(notdir $(DOCS))))
	-rmdir "$(DESTDIR)$(DOCDIR)" 2>/dev/null || true
	rm -f "$(DESTDIR)$(BASHCOMPDIR)/venuectl" "$(DESTDIR)$(ZSHCOMPDIR)/_venuectl" "$(DESTDIR)$(FISHCOMPDIR)/venuectl.fish"
	-systemctl --user daemon-reload 2>/dev/null
	@# The socket file went with the socket unit (RemoveOnStop=); its directory, if empty.
	-@test -z "$$XDG_RUNTIME_DIR" || rmdir "$$XDG_RUNTIME_DIR/venued" 2>/dev/null || true
	@echo "left in place (your data): ~/.cache/venued (the last good feed), ~/.config/venued"
	@echo "(config, favorites, venuectl.conf) and ~/.local/state/venued (what notify has sent);"
	@echo "remove them with: rm -rf ~/.cache/venued ~/.config/venued ~/.local/state/venued"

# A Debian package of the release build: /usr/bin, /usr/lib/systemd/user, man pages,
# completions, README and docs, copyright and changelog; Depends from dpkg-shlibdeps plus libcurl4,
# libsystemd0, ca-certificates and tzdata (scripts/make-deb).
deb: build
	scripts/make-deb "$$($(BUILD) --show-bin-path)" "$(DEBSTAGE)" "$(DEBOUT)"

# What CI checks beyond `swift test`.
check:
	bash .ci/run
