// SPDX-License-Identifier: MIT

package fxtread

import (
	"errors"
	"testing"
)

// FuzzRead: seeds and mutations from fxt-mutate --format go land in
// testdata/fuzz/FuzzRead/. Errors are fine; a panic is a bug.
func FuzzRead(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := Read(data, Bugs{}); err != nil && !errors.Is(err, ErrTrace) {
			t.Fatalf("unexpected error: %v", err)
		}
	})
}

// FuzzReadBuggy: the same with the planted bugs (a panic, a fatal
// out-of-memory error).
func FuzzReadBuggy(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Read(data, Bugs{ZeroTicks: true, TrustSize: true})
	})
}
