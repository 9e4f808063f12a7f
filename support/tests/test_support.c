/* SPDX-License-Identifier: MIT */
/* Unit tests of the tool-support library: the growable buffer, whole-file
 * reading and output files (SHA-256 has its own test, corpus/tests; the
 * tools' outputs are tested end to end by test_outputs.py). */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "growbuf.h"
#include "outfile.h"
#include "readfile.h"

START_TEST(growbuf_appends)
{
    growbuf b = {0};
    uint8_t chunk[1000];
    for (unsigned i = 0; i < 300; i++) { /* 300 KB: several doublings */
        memset(chunk, (int)(i & 0xff), sizeof chunk);
        ck_assert_int_eq(growbuf_append(&b, chunk, sizeof chunk), 0);
    }
    ck_assert_uint_eq(b.len, 300000);
    ck_assert_uint_ge(b.cap, b.len);
    for (unsigned i = 0; i < 300; i++)
        ck_assert_uint_eq(b.data[i * 1000 + 999], i & 0xff);
    ck_assert_int_eq(growbuf_write(&b, "x", 1), 0);
    ck_assert_uint_eq(b.data[300000], 'x');
    ck_assert_int_eq(growbuf_append(&b, NULL, 0), 0);
    /* a size that cannot be reserved leaves the buffer as it was */
    ck_assert_int_eq(growbuf_reserve(&b, SIZE_MAX), -1);
    ck_assert_uint_eq(b.len, 300001);
    growbuf_free(&b);
    ck_assert_ptr_null(b.data);
    ck_assert_uint_eq(b.len, 0);
    ck_assert_uint_eq(b.cap, 0);
}
END_TEST

START_TEST(read_file_whole)
{
    char path[] = "/tmp/fxt-support-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    size_t n = 200000; /* more than one 64 KiB chunk */
    uint8_t *src = malloc(n);
    for (size_t i = 0; i < n; i++)
        src[i] = (uint8_t)(i * 7);
    ck_assert_int_eq(write(fd, src, n), (long)n);
    close(fd);
    uint8_t *d = NULL;
    size_t len = 0;
    char err[256];
    ck_assert_int_eq(read_file(path, &d, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, n);
    ck_assert(memcmp(d, src, n) == 0);
    free(d);
    /* empty file: zero bytes, non-NULL data */
    FILE *f = fopen(path, "wb");
    fclose(f);
    ck_assert_int_eq(read_file(path, &d, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, 0);
    ck_assert_ptr_nonnull(d);
    free(d);
    unlink(path);
    free(src);
}
END_TEST

START_TEST(read_file_errors)
{
    uint8_t *d = NULL;
    size_t len = 0;
    char err[256];
    ck_assert_int_eq(read_file("/tmp", &d, &len, err, sizeof err), -1);
    ck_assert_str_eq(err, "/tmp: is a directory");
    ck_assert_int_eq(read_file("/nonexistent/fxt", &d, &len, err, sizeof err), -1);
    ck_assert_str_eq(err, "/nonexistent/fxt: No such file or directory");
}
END_TEST

/* ---- outfile ---- */

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static int has(const char *path, const char *text)
{
    uint8_t *d;
    size_t n;
    char err[300];
    if (read_file(path, &d, &n, err, sizeof err) != 0)
        return 0;
    int same = n == strlen(text) && memcmp(d, text, n) == 0;
    free(d);
    return same;
}

/* Entries of DIR besides . and .. (a temporary file would be one). */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return n;
}

static void rm_tree(const char *dir)
{
    DIR *d = opendir(dir);
    char p[512];
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

START_TEST(outfile_replaces)
{
    char dir[] = "/tmp/fxt-outfile-XXXXXX", a[300], l[300], dl[300], nw[300], err[600];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(a, sizeof a, "%s/a.fxt", dir);
    put(a, "old");
    ck_assert_int_eq(chmod(a, 0604), 0);
    outfile o;
    ck_assert_int_eq(outfile_open(&o, a, err, sizeof err), 0);
    ck_assert_int_eq(o.kind, OUTFILE_REPLACE);
    ck_assert_int_eq(o.existed, 1);
    ck_assert_str_eq(o.dest, a);
    ck_assert_uint_eq(outfile_write(&o, "new", 3), 3);
    ck_assert(has(a, "old")); /* nothing changes before the close */
    ck_assert_int_eq(entries(dir), 2);
    ck_assert_int_eq(outfile_close(&o, err, sizeof err), 0);
    ck_assert(has(a, "new"));
    struct stat st;
    ck_assert_int_eq(stat(a, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0604);
    ck_assert_int_eq(entries(dir), 1);
    /* given up: the old content stays, the temporary file goes */
    ck_assert_int_eq(outfile_open(&o, a, err, sizeof err), 0);
    fputs("partial", o.f);
    outfile_discard(&o);
    ck_assert(has(a, "new"));
    ck_assert_int_eq(entries(dir), 1);
    /* through a symlink: the link stays, the file it leads to is replaced */
    snprintf(l, sizeof l, "%s/link", dir);
    ck_assert_int_eq(symlink("a.fxt", l), 0);
    ck_assert_int_eq(outfile_open(&o, l, err, sizeof err), 0);
    ck_assert_str_eq(o.dest, a);
    fputs("via link", o.f);
    ck_assert_int_eq(outfile_close(&o, err, sizeof err), 0);
    ck_assert_int_eq(lstat(l, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert(has(a, "via link"));
    /* a dangling symlink: the file it names is created, mode 0666 - umask */
    snprintf(dl, sizeof dl, "%s/dangling", dir);
    snprintf(nw, sizeof nw, "%s/new.fxt", dir);
    ck_assert_int_eq(symlink("new.fxt", dl), 0);
    mode_t um = umask(027);
    ck_assert_int_eq(outfile_open(&o, dl, err, sizeof err), 0);
    umask(um);
    ck_assert_int_eq(o.existed, 0);
    fputs("created", o.f);
    ck_assert_int_eq(outfile_close(&o, err, sizeof err), 0);
    ck_assert(has(nw, "created"));
    ck_assert_int_eq(stat(nw, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0640);
    ck_assert_int_eq(lstat(dl, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert_int_eq(entries(dir), 4);
    rm_tree(dir);
}
END_TEST

START_TEST(outfile_refuses)
{
    char dir[] = "/tmp/fxt-outfile-XXXXXX", p[300], want[400], err[600];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    outfile o;
    ck_assert_int_eq(outfile_open(&o, dir, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot write %s: it is a directory", dir);
    ck_assert_str_eq(err, want);
    snprintf(p, sizeof p, "%s/nodir/x.fxt", dir);
    ck_assert_int_eq(outfile_open(&o, p, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot write %s: the directory %s/nodir does not exist", p, dir);
    ck_assert_str_eq(err, want);
    snprintf(p, sizeof p, "%s/f", dir);
    put(p, "x");
    snprintf(p, sizeof p, "%s/f/x.fxt", dir);
    ck_assert_int_eq(outfile_open(&o, p, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot write %s: Not a directory", p);
    ck_assert_str_eq(err, want);
    snprintf(p, sizeof p, "%s/new/", dir);
    ck_assert_int_eq(outfile_open(&o, p, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot write %s: a file name cannot end in '/'", p);
    ck_assert_str_eq(err, want);
    ck_assert_int_eq(outfile_open(&o, "", err, sizeof err), -1);
    ck_assert_str_eq(err, "cannot write '': the file name is empty");
    ck_assert_int_eq(entries(dir), 1); /* only f: nothing was left behind */
    rm_tree(dir);
}
END_TEST

START_TEST(outfile_as_is)
{
    char err[600];
    outfile o;
    ck_assert_int_eq(outfile_open(&o, "-", err, sizeof err), 0);
    ck_assert_int_eq(o.kind, OUTFILE_STDOUT);
    ck_assert_ptr_eq(o.f, stdout);
    outfile_discard(&o);
    ck_assert_int_eq(outfile_open(&o, "/dev/null", err, sizeof err), 0);
    ck_assert_int_eq(o.kind, OUTFILE_AS_IS);
    ck_assert_int_eq(outfile_close(&o, err, sizeof err), 0);
    if (access("/dev/full", W_OK) == 0) {
        ck_assert_int_eq(outfile_open(&o, "/dev/full", err, sizeof err), 0);
        ck_assert_int_eq(o.kind, OUTFILE_AS_IS);
        fputs("x", o.f);
        ck_assert_int_eq(outfile_close(&o, err, sizeof err), -1);
        ck_assert_str_eq(err, "cannot write /dev/full: No space left on device");
        struct stat st;
        ck_assert_int_eq(lstat("/dev/full", &st), 0);
        ck_assert(S_ISCHR(st.st_mode));
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("support");
    TCase *tc = tcase_create("support");
    tcase_add_test(tc, growbuf_appends);
    tcase_add_test(tc, read_file_whole);
    tcase_add_test(tc, read_file_errors);
    tcase_add_test(tc, outfile_replaces);
    tcase_add_test(tc, outfile_refuses);
    tcase_add_test(tc, outfile_as_is);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
