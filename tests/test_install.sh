#!/bin/sh
# test_install.sh - `meson install --destdir` puts a working abtrace, its
# manual pages (both languages), bundled trees, lessons and translations in
# place.
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

# Every manual page, in each language it is written in: installed where man
# looks (mandir/manN, mandir/zh_CN/manN), rendered by man -l at 80 columns
# in a UTF-8 locale with no warning, and by groff itself with every warning
# on (-ww) and none given.  groff reads the pages as UTF-8 (-k) for the
# terminal (-Tutf8): the typesetter's fonts have no Chinese, nor the pruned
# mark.
mandir=$(dirname "$(dirname "$page")")
pages="man1/abtrace.1 man5/abtrace-tree.5 man5/abtrace-answer.5 man5/abtrace-lesson.5
man5/abtrace-log.5 man7/abtrace-events.7 zh_CN/man5/abtrace-tree.5
zh_CN/man5/abtrace-answer.5 zh_CN/man5/abtrace-log.5"
if command -v man >/dev/null 2>&1; then
	for rel in $pages; do
		p=$mandir/$rel
		if [ ! -f "$p" ]; then
			bad "$rel is not installed"
			continue
		fi
		base=${rel##*/}
		title=$(printf '%s(%s)' "${base%.*}" "${base##*.}" | tr 'a-z' 'A-Z')
		text=$(LANG=C.UTF-8 LC_ALL= MANWIDTH=80 man -l "$p" 2>"$stage.err") || true
		warnings=$(cat "$stage.err")
		case $text in
		*"$title"*) ok "man -l renders $rel" ;;
		*) bad "man -l did not render $rel: $text" ;;
		esac
		[ -z "$warnings" ] && ok "$rel renders at 80 columns without a warning" ||
			bad "man -l $rel: $warnings"
		warnings=$(groff -k -man -ww -z -Tutf8 "$p" 2>&1) || true
		[ -z "$warnings" ] && ok "groff -ww has nothing to say about $rel" ||
			bad "groff -ww $rel: $warnings"
	done
	rm -f "$stage.err"
	text=$(MANWIDTH=80 MANPATH=$mandir man abtrace 2>&1) || true
	case $text in
	*"tutor for minimax"*) ok "man finds abtrace by name" ;;
	*) bad "man did not find abtrace by name: $text" ;;
	esac
	text=$(MANWIDTH=80 MANPATH=$mandir man 5 abtrace-tree 2>&1) || true
	case $text in
	*"ABTRACE-TREE(5)"*"HEADER LINES"*) ok "man finds abtrace-tree(5) by name" ;;
	*) bad "man did not find abtrace-tree(5) by name: $text" ;;
	esac
	text=$(LANG=C.UTF-8 LC_ALL= MANWIDTH=80 MANPATH=$mandir man -L zh_CN 5 abtrace-tree 2>&1) || true
	case $text in
	*"文件头行"*) ok "man -L zh_CN finds the Chinese abtrace-tree(5)" ;;
	*) bad "man -L zh_CN did not find the Chinese abtrace-tree(5): $text" ;;
	esac
else
	echo "skipped: man is not installed"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
