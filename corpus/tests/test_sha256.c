/* SPDX-License-Identifier: MIT */
/*
 * test_sha256.c - unit tests of the SHA-256 used for the corpus manifest
 * (support/sha256.c), against the FIPS 180-2 example vectors ("abc", the
 * two-block 448-bit message, one million 'a') plus the empty string and the
 * 896-bit message of FIPS 180-4's examples, one-shot and in odd-sized
 * pieces, and around the 55/56/64-byte padding boundaries (cross-checked
 * with Python's hashlib).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sha256.h"

static void hex_of(const void *data, size_t len, char out[65]) { sha256_hex(data, len, out); }

/* Digest of DATA fed in pieces of STEP bytes. */
static void hex_pieces(const void *data, size_t len, size_t step, char out[65])
{
    static const char digits[] = "0123456789abcdef";
    sha256_ctx c;
    uint8_t d[32];
    sha256_init(&c);
    for (size_t i = 0; i < len; i += step)
        sha256_update(&c, (const uint8_t *)data + i, len - i < step ? len - i : step);
    sha256_final(&c, d);
    for (int i = 0; i < 32; i++) {
        out[2 * i] = digits[d[i] >> 4];
        out[2 * i + 1] = digits[d[i] & 15];
    }
    out[64] = 0;
}

START_TEST(fips_abc)
{
    char h[65];
    hex_of("abc", 3, h);
    ck_assert_str_eq(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}
END_TEST

START_TEST(empty_string)
{
    char h[65];
    hex_of("", 0, h);
    ck_assert_str_eq(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}
END_TEST

START_TEST(fips_two_blocks)
{
    static const char m[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    char h[65];
    hex_of(m, strlen(m), h);
    ck_assert_str_eq(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    for (size_t step = 1; step <= 64; step++) {
        hex_pieces(m, strlen(m), step, h);
        ck_assert_str_eq(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    }
}
END_TEST

START_TEST(fips_896_bits)
{
    static const char m[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                            "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    char h[65];
    hex_of(m, strlen(m), h);
    ck_assert_str_eq(h, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}
END_TEST

START_TEST(fips_million_a)
{
    size_t n = 1000000;
    char *m = malloc(n), h[65];
    ck_assert_ptr_nonnull(m);
    memset(m, 'a', n);
    hex_of(m, n, h);
    ck_assert_str_eq(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    hex_pieces(m, n, 997, h);
    ck_assert_str_eq(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    free(m);
}
END_TEST

/* Padding boundaries: 55 bytes fit one block with the length, 56 do not. */
START_TEST(padding_boundaries)
{
    static const struct {
        size_t n;
        const char *hex;
    } k[] = {
        {55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
        {56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"},
        {63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"},
        {64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"},
        {65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"},
    };
    char m[65], h[65];
    memset(m, 'a', sizeof m);
    for (size_t i = 0; i < sizeof k / sizeof *k; i++) {
        hex_of(m, k[i].n, h);
        ck_assert_str_eq(h, k[i].hex);
    }
}
END_TEST

static Suite *sha256_suite(void)
{
    Suite *s = suite_create("sha256");
    TCase *tc = tcase_create("vectors");
    tcase_add_test(tc, fips_abc);
    tcase_add_test(tc, empty_string);
    tcase_add_test(tc, fips_two_blocks);
    tcase_add_test(tc, fips_896_bits);
    tcase_add_test(tc, fips_million_a);
    tcase_add_test(tc, padding_boundaries);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(sha256_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
