#!/bin/sh
# test_install.sh - `meson install --destdir` puts a working abtrace, its
# manual, bundled trees, lessons and translations in place.
#   usage: test_install.sh BUILD_DIR nls|no-nls
# Runs the installed copy with ABTRACE_DATADIR pointing into the staging
# directory, since the program's compiled-in data dir is the real prefix.
set -eu
build=$1
nls=${2:-nls}
stage=$(mktemp -d /tmp/abtrace-install-XXXXXX)
trap 'rm -rf "$stage"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAILED: $1"; }

meson install -C "$build" --no-rebuild --destdir "$stage" >"$stage.log" 2>&1 ||
	{ cat "$stage.log"; rm -f "$stage.log"; echo "meson install failed"; exit 1; }
rm -f "$stage.log"

exe=$(find "$stage" -path '*/bin/abtrace' -type f | head -n 1)
page=$(find "$stage" -name abtrace.1 -type f | head -n 1)
trees=$(find "$stage" -path '*/abtrace/trees' -type d | head -n 1)
[ -n "$exe" ] && [ -x "$exe" ] && ok "the program is installed: ${exe#$stage}" || bad "no installed program"
[ -n "$page" ] && ok "the manual is installed: ${page#$stage}" || bad "no installed manual"
[ -n "$trees" ] && [ -f "$trees/lecture.tree" ] && ok "the bundled trees are installed" || bad "no bundled trees"
data=$(dirname "$trees")

out=$(ABTRACE_DATADIR=$data "$exe" trace lecture) || true
case $out in
*"Alpha-beta looked at 7 of 9 leaves"*) ok "the installed abtrace traces lecture" ;;
*) bad "the installed abtrace did not trace lecture: $out" ;;
esac
out=$(ABTRACE_DATADIR=$data "$exe" export --text lecture) || true
case $out in
*"C2 = 4"*) ok "the installed abtrace exports lecture" ;;
*) bad "the installed abtrace did not export lecture" ;;
esac
if [ -d "$data/lessons" ]; then
	count=$(ls "$data/lessons"/*.lesson 2>/dev/null | wc -l)
	out=$(ABTRACE_DATADIR=$data LANGUAGE= LANG=C.UTF-8 LC_ALL= "$exe" lesson) || true
	lines=$(printf '%s\n' "$out" | grep -c . || true)
	[ "$count" -ge 6 ] && [ "$lines" -ge "$count" ] &&
		ok "the installed abtrace lists $count lessons" ||
		bad "lessons: $count files, listing: $out"
fi
mo=$(find "$stage" -name abtrace.mo | head -n 1)
if [ "$nls" = nls ]; then
	[ -n "$mo" ] && ok "the Chinese translation is installed: ${mo#$stage}" || bad "no abtrace.mo installed"
	out=$(ABTRACE_DATADIR=$data ABTRACE_LOCALEDIR=${mo%/zh_CN/LC_MESSAGES/abtrace.mo} LANG=C.UTF-8 LC_ALL= LANGUAGE=zh_CN "$exe" trace lecture 2>&1) || true
	case $out in
	*"跳过 C2 和 C3"*) ok "the installed abtrace speaks Chinese" ;;
	*) bad "no Chinese from the installed abtrace" ;;
	esac
fi

if command -v man >/dev/null 2>&1; then
	text=$(MANWIDTH=80 man -l "$page" 2>&1) || true
	case $text in
	*"EXIT STATUS"*"export"*) ok "man -l renders the page" ;;
	*) bad "man -l did not render the page: $text" ;;
	esac
	mandir=$(dirname "$(dirname "$page")")
	text=$(MANWIDTH=80 MANPATH=$mandir man abtrace 2>&1) || true
	case $text in
	*"tutor for minimax"*) ok "man finds the page by name" ;;
	*) bad "man did not find abtrace by name: $text" ;;
	esac
	warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) || true
	[ -z "$warnings" ] && ok "the page renders without warnings" || bad "man warnings: $warnings"
else
	echo "skipped: man is not installed"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
