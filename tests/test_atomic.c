/* test_atomic.c - frame sets (src/base/atomic.c's ab_frames_*), through
 * `abtrace export --svg --frames -o DIR`: the set goes into a directory
 * abtrace makes, one that is empty and the user's, or one that holds
 * nothing but an earlier set of frames; it is written whole into a private
 * directory beside DIR and renamed into place, so a run leaves all the new
 * frames or none, never a mix with old ones; nothing in DIR is opened or
 * followed, and another user's DIR is refused.
 *
 * (The single files -o writes are tested in test_export.c.)  Last, the
 * single files the replay writes (w, E) through ab_write_file_watched,
 * called directly: the caller's signal handlers stay in force and its
 * stop flag ends a write that waits, a FIFO nobody reads is said so, the
 * caller's terminal is refused; and a file of /proc is written in place,
 * its own error reported.  Each test
 * here reproduces a report that wrote through a planted link, hung on a
 * FIFO, or left stale or partial frame sets: a full disk is a tmpfs in a
 * private mount namespace (root only), a failing write a file size limit
 * (ulimit -f), the second user `setpriv --reuid=nobody` (root only).
 */
#include "files.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/atomic.h"
#include "runprog.h"
#include "testutil.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* The lecture tree's frames: 29 steps, 2 cutoff frames. */
#define FRAMES(kind, dir) ARGS("export", "--svg", "--frames=" kind, "-o", dir, "lecture")

/* The names in dir, sorted, one a line. */
static void names_in(const char *dir, struct ab_str *out)
{
	struct dirent **list;
	int n = scandir(dir, &list, NULL, alphasort);
	ck_assert_msg(n >= 0, "%s: %s", dir, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (strcmp(list[i]->d_name, ".") != 0 && strcmp(list[i]->d_name, "..") != 0)
			ab_str_addf(out, "%s\n", list[i]->d_name);
		free(list[i]);
	}
	free(list);
}

/* Nothing hidden (a private working directory) is left in dir. */
static void nothing_hidden(const char *dir)
{
	struct ab_str names = AB_STR_INIT;
	names_in(dir, &names);
	ck_assert_msg(names.s == NULL || (!strstr(names.s, "\n.") && names.s[0] != '.'),
		      "left behind in %s:\n%s", dir, ab_str_cstr(&names));
	ab_str_free(&names);
}

/* The whole set in dir as one string: names and contents. */
static void set_of(const char *dir, struct ab_str *out)
{
	struct ab_str names = AB_STR_INIT, path = AB_STR_INIT;
	names_in(dir, &names);
	for (const char *p = ab_str_cstr(&names); *p;) {
		const char *end = strchr(p, '\n');
		ab_str_clear(&path);
		ab_str_addf(&path, "%s/%.*s", dir, (int)(end - p), p);
		char *text = slurp(path.s);
		ab_str_addf(out, "== %.*s\n%s", (int)(end - p), p, text);
		free(text);
		p = end + 1;
	}
	ab_str_free(&names);
	ab_str_free(&path);
}

static char *path_in(const char *dir, const char *name)
{
	struct ab_str p = AB_STR_INIT;
	ab_str_addf(&p, "%s/%s", dir, name);
	return p.s;
}

static struct run_result run(const char *const *args)
{
	struct run_options o = { .timeout = 60 };
	return run_abtrace_with(&o, args);
}

static void expect(const struct run_result *r, int status, const char *err)
{
	ck_assert_msg(!r->timed_out, "the run hung");
	ck_assert_msg(r->status == status, "status %d, stderr: %s", r->status,
		      ab_str_cstr(&r->err));
	if (err)
		ck_assert_msg(strstr(ab_str_cstr(&r->err), err), "no '%s' in: %s", err,
			      ab_str_cstr(&r->err));
}

/* ---- Sets made, replaced, refused ------------------------------------------ */

/* A new directory holds the set and nothing else, with the mode mkdir
 * would give it; an empty one of the user's keeps its mode. */
START_TEST(new_and_empty)
{
	char *dir = temp_dir(), *frames = path_in(dir, "frames"), *empty = path_in(dir, "empty");
	struct run_result r = run(FRAMES("steps", frames));
	expect(&r, 0, NULL);
	run_result_free(&r);
	ck_assert_uint_eq(entries(frames), 29);
	struct stat st;
	ck_assert_int_eq(lstat(frames, &st), 0);
	mode_t mask = umask(0);
	umask(mask);
	ck_assert_uint_eq(st.st_mode & 07777, 0777 & ~mask);
	ck_assert_int_eq(mkdir(empty, 0700), 0);
	ck_assert_int_eq(chmod(empty, 0750), 0);
	r = run(FRAMES("cutoffs", empty));
	expect(&r, 0, NULL);
	run_result_free(&r);
	ck_assert_uint_eq(entries(empty), 2);
	ck_assert_int_eq(lstat(empty, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0750);
	nothing_hidden(dir);
	ck_assert_uint_eq(entries(dir), 2);
	remove_dir(dir);
	free(frames);
	free(empty);
	free(dir);
}
END_TEST

/* Running again into the same directory replaces the old set whole: 29
 * frames, then 2, leaves exactly the 2 a fresh run writes (it left the
 * other 27 beside them, exit 0). */
START_TEST(stale_set_replaced)
{
	char *dir = temp_dir(), *frames = path_in(dir, "frames"), *fresh = path_in(dir, "fresh");
	struct run_result r = run(FRAMES("steps", frames));
	expect(&r, 0, NULL);
	run_result_free(&r);
	r = run(FRAMES("cutoffs", frames));
	expect(&r, 0, NULL);
	run_result_free(&r);
	r = run(FRAMES("cutoffs", fresh));
	expect(&r, 0, NULL);
	run_result_free(&r);
	struct ab_str got = AB_STR_INIT, want = AB_STR_INIT;
	set_of(frames, &got);
	set_of(fresh, &want);
	ck_assert_msg(strcmp(got.s, want.s) == 0, "the set is not what a fresh run writes");
	ck_assert_uint_eq(entries(frames), 2);
	nothing_hidden(dir);
	ab_str_free(&got);
	ab_str_free(&want);
	remove_dir(dir);
	free(frames);
	free(fresh);
	free(dir);
}
END_TEST

/* A write that fails part way (a file size limit the first frames fit
 * under, the later ones not): exit 2, no frames at all where there were
 * none, and an earlier set left exactly as it was (it left frames 1-12). */
START_TEST(partial_set_left_out)
{
	char *dir = temp_dir(), *frames = path_in(dir, "frames"), *err = path_in(dir, "err");
	for (int old = 0; old < 2; old++) {
		struct ab_str before = AB_STR_INIT, after = AB_STR_INIT;
		if (old) {
			struct run_result r = run(FRAMES("cutoffs", frames));
			expect(&r, 0, NULL);
			run_result_free(&r);
			set_of(frames, &before);
		}
		int errfd = open(err, O_RDWR | O_CREAT | O_TRUNC, 0600);
		ck_assert_int_ge(errfd, 0);
		/* The lecture's frames are 7.6 to 8.3 kB. */
		pid_t pid = spawn(FRAMES("steps", frames), 7900, errfd);
		int wstatus;
		ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
		struct ab_str msg = AB_STR_INIT;
		slurp_fd(errfd, &msg);
		close(errfd);
		unlink(err);
		ck_assert_msg(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 2, "status %d: %s",
			      wstatus, ab_str_cstr(&msg));
		ck_assert_msg(strstr(ab_str_cstr(&msg), "File too large"), "%s", ab_str_cstr(&msg));
		ab_str_free(&msg);
		if (old) {
			set_of(frames, &after);
			ck_assert_msg(strcmp(ab_str_cstr(&after), ab_str_cstr(&before)) == 0,
				      "the earlier set changed");
		} else {
			ck_assert_int_eq(access(frames, F_OK), -1);
		}
		nothing_hidden(dir);
		ab_str_free(&before);
		ab_str_free(&after);
	}
	remove_dir(dir);
	free(frames);
	free(err);
	free(dir);
}
END_TEST

/* A full disk, on a 64 kB tmpfs of our own in a private mount namespace:
 * the same, with ENOSPC.  Needs root; skipped otherwise. */
static int full_disk_child(const char *dir)
{
	char frames[512];
	snprintf(frames, sizeof frames, "%s/frames", dir);
	for (int old = 0; old < 2; old++) {
		struct ab_str before = AB_STR_INIT, after = AB_STR_INIT;
		if (old) {
			struct run_result r = run_abtrace(NULL, FRAMES("cutoffs", frames));
			if (r.status != 0)
				return 1;
			run_result_free(&r);
			set_of(frames, &before);
		}
		struct run_result r = run_abtrace(NULL, FRAMES("steps", frames));
		if (r.status != 2 || !strstr(ab_str_cstr(&r.err), "No space left on device")) {
			fprintf(stderr, "full disk: status %d, %s\n", r.status, ab_str_cstr(&r.err));
			return 1;
		}
		run_result_free(&r);
		if (old) {
			set_of(frames, &after);
			if (strcmp(ab_str_cstr(&after), ab_str_cstr(&before)) != 0) {
				fprintf(stderr, "the old set changed\n");
				return 1;
			}
		} else if (access(frames, F_OK) == 0) {
			fprintf(stderr, "a partial set was left\n");
			return 1;
		}
		ab_str_free(&before);
		ab_str_free(&after);
		struct ab_str names = AB_STR_INIT;
		names_in(dir, &names);
		if (strcmp(ab_str_cstr(&names), old ? "frames\n" : "") != 0) {
			fprintf(stderr, "left in the file system:\n%s", ab_str_cstr(&names));
			return 1;
		}
		ab_str_free(&names);
	}
	return 0;
}

START_TEST(full_disk)
{
	char *dir = temp_dir();
	int status = in_private_tmpfs(dir, "64k", full_disk_child);
	if (status == 77)
		printf("full_disk: skipped, no private mount namespace here "
		       "(needs root: unshare, mount)\n");
	else
		ck_assert_msg(status == 0, "the full-disk checks failed (above)");
	remove_dir(dir);
	free(dir);
}
END_TEST

/* ---- What may stand where a frame goes ------------------------------------- */

enum plant { LINK, DANGLING, FIFO, SUBDIR, HARD_LINK, OTHER_FILE, OTHER_LINK, SELF_LINK };

static const struct hostile {
	enum plant plant;
	const char *name;     /* the entry planted in the frames directory */
	const char *because;  /* in the message */
} hostile[] = {
	{ LINK, "frame-001.svg", "frame-001.svg" },
	{ LINK, "frame-029.svg", "frame-029.svg" },
	{ DANGLING, "frame-001.svg", "frame-001.svg" },
	{ FIFO, "frame-001.svg", "frame-001.svg" },
	{ FIFO, "frame-002.svg", "frame-002.svg" },
	{ SUBDIR, "frame-001.svg", "frame-001.svg" },
	{ HARD_LINK, "frame-001.svg", "frame-001.svg" },
	{ OTHER_FILE, "notes.txt", "notes.txt" },
	{ OTHER_LINK, "victim-link", "victim-link" },
	{ SELF_LINK, "frame-001.svg", "frame-001.svg" },
};

/* One planted entry in the directory: the run ends with exit 2 naming it
 * (it wrote through a link to the victim, created a dangling link's target,
 * or hung on a FIFO), and nothing is written anywhere: the victim, the
 * entry and the directory are as they were. */
START_TEST(planted_entry)
{
	const struct hostile *h = &hostile[_i];
	char *dir = temp_dir(), *frames = path_in(dir, "frames"), *victim = path_in(dir, "victim"),
	     *made = path_in(dir, "made");
	put_file(victim, "secret\n", 0600);
	ck_assert_int_eq(mkdir(frames, 0755), 0);
	char *entry = path_in(frames, h->name);
	switch (h->plant) {
	case LINK:
	case OTHER_LINK: ck_assert_int_eq(symlink(victim, entry), 0); break;
	case DANGLING: ck_assert_int_eq(symlink(made, entry), 0); break;
	case FIFO: ck_assert_int_eq(mkfifo(entry, 0644), 0); break;
	case SUBDIR: ck_assert_int_eq(mkdir(entry, 0755), 0); break;
	case HARD_LINK: ck_assert_int_eq(link(victim, entry), 0); break;
	case OTHER_FILE: put_file(entry, "mine\n", 0644); break;
	case SELF_LINK: ck_assert_int_eq(symlink(h->name, entry), 0); break;
	}
	struct stat before, after;
	ck_assert_int_eq(lstat(entry, &before), 0);
	struct run_result r = run(FRAMES("steps", frames));
	expect(&r, 2, h->because);
	run_result_free(&r);
	ck_assert_int_eq(lstat(entry, &after), 0);
	ck_assert_uint_eq(after.st_ino, before.st_ino);
	ck_assert_uint_eq(after.st_mode, before.st_mode);
	ck_assert_uint_eq(entries(frames), 1);
	char *text = slurp(victim);
	ck_assert_str_eq(text, "secret\n");
	free(text);
	ck_assert_int_eq(stat(victim, &after), 0);
	ck_assert_uint_eq(after.st_mode & 07777, 0600);
	ck_assert_int_eq(access(made, F_OK), -1);
	nothing_hidden(dir);
	remove_dir(dir);
	free(entry);
	free(frames);
	free(victim);
	free(made);
	free(dir);
}
END_TEST

/* -o naming a symbolic link (to an empty directory) is refused: the link
 * would be replaced, or followed to a place nobody named. */
START_TEST(dir_is_link)
{
	char *dir = temp_dir(), *frames = path_in(dir, "frames"), *real = path_in(dir, "real");
	ck_assert_int_eq(mkdir(real, 0755), 0);
	ck_assert_int_eq(symlink(real, frames), 0);
	struct run_result r = run(FRAMES("cutoffs", frames));
	expect(&r, 2, "symbolic link");
	run_result_free(&r);
	ck_assert_uint_eq(entries(real), 0);
	struct stat st;
	ck_assert_int_eq(lstat(frames, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	nothing_hidden(dir);
	remove_dir(dir);
	free(frames);
	free(real);
	free(dir);
}
END_TEST

/* ---- Another user ------------------------------------------------------------ */

/* Runs sh -c script as nobody (setpriv), with $1 = arg; its exit status. */
static int as_nobody(const char *script, const char *arg)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(null, 1);
		execlp("setpriv", "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
		       "sh", "-c", script, "sh", arg, (char *)NULL);
		_exit(127);
	}
	int wstatus;
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
}

/* In a sticky, world-writable directory as /tmp is: nobody makes a frames
 * directory with a link to root's 0600 file where frame 1 goes (which
 * replaced root's file), or an empty one; root's run refuses both, names
 * the owner as the reason and touches nothing.  A run as nobody makes its
 * own set there, which root then refuses to replace. */
START_TEST(other_user)
{
	if (geteuid() != 0 || !have_program("setpriv")) {
		printf("other_user: skipped, needs root and setpriv\n");
		return;
	}
	char *dir = temp_dir(), *secret_dir = temp_dir();
	char *victim = path_in(secret_dir, "secret"), *planted = path_in(dir, "planted"),
	     *empty = path_in(dir, "empty"), *theirs = path_in(dir, "theirs");
	ck_assert_int_eq(chmod(dir, 01777), 0);
	put_file(victim, "root's own\n", 0600);
	struct ab_str script = AB_STR_INIT;
	ab_str_addf(&script, "mkdir \"$1\" && ln -s '%s' \"$1\"/frame-001.svg", victim);
	ck_assert_int_eq(as_nobody(script.s, planted), 0);
	ck_assert_int_eq(as_nobody("mkdir \"$1\"", empty), 0);

	const char *const targets[] = { planted, empty };
	for (int i = 0; i < 2; i++) {
		struct run_result r = run(FRAMES("steps", targets[i]));
		expect(&r, 2, "belongs to another user");
		run_result_free(&r);
		struct stat st;
		ck_assert_int_eq(lstat(targets[i], &st), 0);
		ck_assert_uint_ne(st.st_uid, 0);
		ck_assert_uint_eq(entries(targets[i]), (unsigned)(i == 0));
	}
	char *text = slurp(victim);
	ck_assert_str_eq(text, "root's own\n");
	free(text);
	struct stat st;
	ck_assert_int_eq(stat(victim, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0600);

	/* nobody's own set, made by abtrace run as nobody (when nobody may
	 * run the build's abtrace at all). */
	ab_str_clear(&script);
	ab_str_addf(&script, "exec '%s' export --svg --frames=cutoffs -o \"$1\" lecture",
		    abtrace_path());
	int status = as_nobody(script.s, theirs);
	if (status == 0) {
		ck_assert_uint_eq(entries(theirs), 2);
		struct run_result r = run(FRAMES("cutoffs", theirs));
		expect(&r, 2, "belongs to another user");
		run_result_free(&r);
	} else {
		printf("other_user: nobody cannot run %s here (status %d); that part skipped\n",
		       abtrace_path(), status);
	}
	nothing_hidden(dir);
	ab_str_free(&script);
	remove_dir(dir);
	remove_dir(secret_dir);
	free(victim);
	free(planted);
	free(empty);
	free(theirs);
	free(dir);
	free(secret_dir);
}
END_TEST

/* ---- Signals --------------------------------------------------------------- */

static const int set_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* A signal while the set is being written (sent when inotify sees the
 * private directory appear beside the frames directory): the run ends by
 * that signal and leaves neither the private directory nor a frames
 * directory behind.  A run that finished first is tried again. */
START_TEST(signal_leaves_nothing)
{
	int sig = set_signals[_i];
	char *dir = temp_dir(), *frames = path_in(dir, "frames");
	/* 600 leaves: about 1,500 frames of some 70 kB each. */
	struct ab_str tree = AB_STR_INIT;
	ab_str_addc(&tree, '[');
	for (int i = 0; i < 20; i++) {
		ab_str_addc(&tree, '[');
		for (int j = 0; j < 30; j++)
			ab_str_addf(&tree, "%d ", (i * 31 + j * 17) % 97);
		ab_str_addc(&tree, ']');
	}
	ab_str_addc(&tree, ']');
	bool caught = false;
	for (int attempt = 0; attempt < 20 && !caught; attempt++) {
		int wstatus = spawn_signal_on_hidden(ARGS("export", "--svg", "--frames=cutoffs",
							  "-o", frames, "-e", tree.s),
						     dir, sig);
		if (WIFSIGNALED(wstatus)) {
			ck_assert_int_eq(WTERMSIG(wstatus), sig);
			ck_assert_int_eq(access(frames, F_OK), -1);
			caught = true;
		} else {
			ck_assert_msg(WEXITSTATUS(wstatus) == 0, "status %d", WEXITSTATUS(wstatus));
			remove_dir(frames);
		}
		nothing_hidden(dir);
	}
	ck_assert_msg(caught, "the set was always written before signal %d arrived", sig);
	ab_str_free(&tree);
	remove_dir(dir);
	free(frames);
	free(dir);
}
END_TEST

/* ---- Single files written from the replay ---------------------------------- */

/* The replay's flag, set by its own handler of SIGINT. */
static volatile sig_atomic_t stop_flag;

static void set_stop(int sig)
{
	stop_flag = sig;
}

static const struct ab_write_watch watch_flag = { &stop_flag, NULL, 0 };

/* A new file, then the same file replaced: as ab_write_file_atomic does,
 * with nothing hidden left beside it. */
START_TEST(watched_writes_files)
{
	char *dir = temp_dir(), *file = path_in(dir, "saved.tree");
	stop_flag = 0;
	int err = -1;
	ck_assert_int_eq(ab_write_file_watched(file, "A[1 2]\n", 7, &watch_flag, &err),
			 AB_WRITE_OK);
	ck_assert_int_eq(err, 0);
	char *text = slurp(file);
	ck_assert_str_eq(text, "A[1 2]\n");
	free(text);
	ck_assert_int_eq(ab_write_file_watched(file, "B[3]\n", 5, &watch_flag, &err),
			 AB_WRITE_OK);
	text = slurp(file);
	ck_assert_str_eq(text, "B[3]\n");
	free(text);
	ck_assert_uint_eq(entries(dir), 1);
	/* A directory that is not there is an error with its errno. */
	char *lost = path_in(dir, "no/such.tree");
	ck_assert_int_eq(ab_write_file_watched(lost, "x", 1, &watch_flag, &err), AB_WRITE_FAILED);
	ck_assert_int_eq(err, ENOENT);
	remove_dir(dir);
	free(lost);
	free(file);
	free(dir);
}
END_TEST

/* Stopped before the rename (a signal while the file was written): the
 * old file stays, a new one is not made, no temporary file is left. */
START_TEST(watched_stop_leaves_target)
{
	char *dir = temp_dir(), *old = path_in(dir, "old.tree"), *new = path_in(dir, "new.tree");
	put_file(old, "old\n", 0644);
	stop_flag = SIGINT;
	int err = -1;
	ck_assert_int_eq(ab_write_file_watched(old, "new\n", 4, &watch_flag, &err),
			 AB_WRITE_STOPPED);
	ck_assert_int_eq(ab_write_file_watched(new, "new\n", 4, &watch_flag, &err),
			 AB_WRITE_STOPPED);
	ck_assert_int_eq(err, 0);
	char *text = slurp(old);
	ck_assert_str_eq(text, "old\n");
	free(text);
	ck_assert_int_eq(access(new, F_OK), -1);
	ck_assert_uint_eq(entries(dir), 1);
	stop_flag = 0;
	remove_dir(dir);
	free(old);
	free(new);
	free(dir);
}
END_TEST

/* A FIFO nobody reads: said at once, not waited on. */
START_TEST(watched_fifo_without_reader)
{
	char *dir = temp_dir(), *fifo = path_in(dir, "pipe");
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	stop_flag = 0;
	int err = -1;
	ck_assert_int_eq(ab_write_file_watched(fifo, "A[1 2]\n", 7, &watch_flag, &err),
			 AB_WRITE_NO_READER);
	ck_assert_int_eq(err, 0);
	ck_assert_uint_eq(entries(dir), 1);
	remove_dir(dir);
	free(fifo);
	free(dir);
}
END_TEST

/* While a write waits on a reader that does not read, a signal comes: the
 * caller's handler is still the one in force (the writer's own would end
 * the process), it sets the flag, and the write ends, stopped. */
static void interrupt_from_alarm(int sig)
{
	(void)sig;
	struct sigaction now;
	sigaction(SIGINT, NULL, &now);
	if (now.sa_handler == set_stop)
		raise(SIGINT);
}

START_TEST(watched_fifo_reader_stalls)
{
	char *dir = temp_dir(), *fifo = path_in(dir, "pipe");
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	int reader = open(fifo, O_RDONLY | O_NONBLOCK);
	ck_assert_int_ge(reader, 0);
#ifdef F_SETPIPE_SZ
	fcntl(reader, F_SETPIPE_SZ, 4096);
#endif
	size_t len = 1 << 20;
	char *data = malloc(len);
	memset(data, 'x', len);
	struct sigaction on_int = { .sa_handler = set_stop }, on_alarm = { .sa_handler = interrupt_from_alarm };
	struct sigaction old_int, old_alarm;
	sigemptyset(&on_int.sa_mask);
	sigemptyset(&on_alarm.sa_mask);
	sigaction(SIGINT, &on_int, &old_int);
	sigaction(SIGALRM, &on_alarm, &old_alarm);
	stop_flag = 0;
	struct itimerval in = { .it_value = { 0, 200 * 1000 } };
	setitimer(ITIMER_REAL, &in, NULL);
	int err = -1;
	enum ab_write_status st = ab_write_file_watched(fifo, data, len, &watch_flag, &err);
	ck_assert_int_eq(st, AB_WRITE_STOPPED);
	ck_assert_int_eq(stop_flag, SIGINT);
	/* The caller's handlers, as they were. */
	struct sigaction now;
	sigaction(SIGINT, NULL, &now);
	ck_assert(now.sa_handler == set_stop);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGALRM, &old_alarm, NULL);
	stop_flag = 0;
	close(reader);
	free(data);
	remove_dir(dir);
	free(fifo);
	free(dir);
}
END_TEST

/* The caller's own terminal is refused, by name or through a link; another
 * terminal is written. */
START_TEST(watched_terminal_refused)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	ck_assert_int_ge(master, 0);
	ck_assert_int_eq(grantpt(master), 0);
	ck_assert_int_eq(unlockpt(master), 0);
	char *name = ab_xstrdup(ptsname(master));
	int slave = open(name, O_RDWR | O_NOCTTY);
	ck_assert_int_ge(slave, 0);
	char *dir = temp_dir(), *link = path_in(dir, "screen");
	ck_assert_int_eq(symlink(name, link), 0);
	const struct ab_write_watch mine = { &stop_flag, &slave, 1 };
	stop_flag = 0;
	int err = -1;
	ck_assert_int_eq(ab_write_file_watched(name, "abc", 3, &mine, &err), AB_WRITE_TERMINAL);
	ck_assert_int_eq(ab_write_file_watched(link, "abc", 3, &mine, &err), AB_WRITE_TERMINAL);
	/* Not the caller's: written. */
	ck_assert_int_eq(ab_write_file_watched(name, "abc", 3, &watch_flag, &err), AB_WRITE_OK);
	char got[8] = "";
	ck_assert_int_eq(read(master, got, sizeof got - 1), 3);
	ck_assert_str_eq(got, "abc");
	/* The controlling terminal, where there is one. */
	int tty = open("/dev/tty", O_RDWR | O_NOCTTY);
	if (tty >= 0) {
		close(tty);
		ck_assert_int_eq(ab_write_file_watched("/dev/tty", "abc", 3, &watch_flag, &err),
				 AB_WRITE_TERMINAL);
	}
	close(slave);
	close(master);
	remove_dir(dir);
	free(link);
	free(dir);
	free(name);
}
END_TEST

/* /proc/self/mem is there: the error is the kernel's answer to writing it,
 * not the temporary file that could not be made beside it (ENOENT), from
 * the command line and from the replay. */
START_TEST(kernel_file_error)
{
	ck_assert_int_eq(ab_write_file_atomic("/proc/self/mem", "x", 1), EIO);
	int err = -1;
	ck_assert_int_eq(ab_write_file_watched("/proc/self/mem", "x", 1, &watch_flag, &err),
			 AB_WRITE_FAILED);
	ck_assert_int_eq(err, EIO);
	struct run_result r = run(ARGS("export", "--dot", "-o", "/proc/self/mem", "lecture"));
	expect(&r, 2, "cannot write '/proc/self/mem': Input/output error");
	run_result_free(&r);
}
END_TEST

static Suite *atomic_suite(void)
{
	Suite *s = suite_create("atomic");
	TCase *tc = tcase_create("frame sets");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, new_and_empty);
	tcase_add_test(tc, stale_set_replaced);
	tcase_add_test(tc, partial_set_left_out);
	tcase_add_test(tc, full_disk);
	tcase_add_loop_test(tc, planted_entry, 0, sizeof hostile / sizeof hostile[0]);
	tcase_add_test(tc, dir_is_link);
	tcase_add_test(tc, other_user);
	tcase_add_loop_test(tc, signal_leaves_nothing, 0,
			    sizeof set_signals / sizeof set_signals[0]);
	suite_add_tcase(s, tc);
	tc = tcase_create("replay's files");
	tcase_add_test(tc, watched_writes_files);
	tcase_add_test(tc, watched_stop_leaves_target);
	tcase_add_test(tc, watched_fifo_without_reader);
	tcase_add_test(tc, watched_fifo_reader_stalls);
	tcase_add_test(tc, watched_terminal_refused);
	tcase_add_test(tc, kernel_file_error);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(atomic_suite());
}
