// SPDX-License-Identifier: MIT

// Command fxtread reads one trace file: exit 0 read, 1 malformed, 2 I/O.
// -buggy leaves out the ticks check (panics on 0 ticks per second).
package main

import (
	"flag"
	"fmt"
	"os"

	"example.com/fxtread"
)

func main() {
	buggy := flag.Bool("buggy", false, "leave out the ticks-per-second check")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: fxtread [-buggy] FILE")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	s, err := fxtread.Read(data, *buggy)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d records, %d events, %.9f s\n", s.Records, s.Events, s.Seconds)
}
