#!/bin/sh
# test_quickstart.sh - the README's quick-start line, run verbatim by sh,
# works as root where there is no sudo and as a user with sudo.
#   usage: test_quickstart.sh SOURCE_ROOT
# Hermetic: PATH holds only stand-ins for id, apt-get, sudo and meson that
# write what they were asked to a log, and the log is compared with what
# each case must do.  Nothing is installed or built.
set -eu
root=$1
tmp=$(mktemp -d /tmp/abtrace-quickstart-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# The command: the first indented line after "## Quick start".
line=$(sed -n '/^## Quick start/,/^## /p' "$root/README.md" | grep -m1 '^    ' | sed 's/^    //')
[ -n "$line" ] || { echo "FAILED: no quick-start command in README.md"; exit 1; }
echo "the command: $line"

stand_ins() { # $1: the uid id -u reports; $2: yes to have sudo
	rm -rf "$tmp/bin" "$tmp/work" "$tmp/log"
	mkdir -p "$tmp/bin" "$tmp/work"
	printf '#!/bin/sh\n[ "$1" = -u ] && echo %s\n' "$1" >"$tmp/bin/id"
	printf '#!/bin/sh\necho "apt-get $*" >>"%s/log"\n' "$tmp" >"$tmp/bin/apt-get"
	printf '#!/bin/sh\necho "meson $*" >>"%s/log"\n[ "$1" = setup ] && /bin/mkdir -p build/src && printf "#!/bin/sh\\necho abtrace >>%s/log\\n" >build/src/abtrace && /bin/chmod +x build/src/abtrace\nexit 0\n' "$tmp" "$tmp" >"$tmp/bin/meson"
	if [ "$2" = yes ]; then
		printf '#!/bin/sh\necho "sudo:" >>"%s/log"\nexec "$@"\n' "$tmp" >"$tmp/bin/sudo"
	fi
	chmod +x "$tmp/bin"/*
}

check() { # $1: name; $2: the log wanted
	if (cd "$tmp/work" && PATH="$tmp/bin" /bin/sh -c "$line") >"$tmp/out" 2>&1; then
		got=$(cat "$tmp/log")
		if [ "$got" = "$2" ]; then
			passed=$((passed + 1)); echo "ok: $1"
		else
			failed=$((failed + 1)); echo "FAILED: $1"; echo "wanted:"; echo "$2"; echo "got:"; echo "$got"
		fi
	else
		failed=$((failed + 1)); echo "FAILED: $1: the command failed:"; cat "$tmp/out"
	fi
}

pkgs="meson ninja-build gcc pkg-config check libncurses-dev tmux python3 gettext groff-base"
stand_ins 0 no
check "as root with no sudo installed" "apt-get update
apt-get install -y $pkgs
meson setup build
meson compile -C build
abtrace"
stand_ins 1000 yes
check "as a user, through sudo" "sudo:
apt-get update
sudo:
apt-get install -y $pkgs
meson setup build
meson compile -C build
abtrace"
stand_ins 1000 no
if (cd "$tmp/work" && PATH="$tmp/bin" /bin/sh -c "$line") >"$tmp/out" 2>&1; then
	failed=$((failed + 1)); echo "FAILED: a user without sudo went on"
elif [ ! -e "$tmp/log" ]; then
	passed=$((passed + 1)); echo "ok: a user without sudo stops at once"
else
	failed=$((failed + 1)); echo "FAILED: a user without sudo ran: $(cat "$tmp/log")"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
