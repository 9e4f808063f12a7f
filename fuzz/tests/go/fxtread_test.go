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
		if _, err := Read(data, false); err != nil && !errors.Is(err, ErrTrace) {
			t.Fatalf("unexpected error: %v", err)
		}
	})
}

// FuzzReadBuggy: the same with the planted division by zero.
func FuzzReadBuggy(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Read(data, true)
	})
}
