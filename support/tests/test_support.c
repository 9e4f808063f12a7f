/* SPDX-License-Identifier: MIT */
/* Unit tests of the tool-support library: the growable buffer and
 * whole-file reading (SHA-256 has its own test, corpus/tests). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "growbuf.h"
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

int main(void)
{
    Suite *s = suite_create("support");
    TCase *tc = tcase_create("support");
    tcase_add_test(tc, growbuf_appends);
    tcase_add_test(tc, read_file_whole);
    tcase_add_test(tc, read_file_errors);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
