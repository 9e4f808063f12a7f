// SPDX-License-Identifier: MIT

// Command fxtread reads one trace file: exit 0 read, 1 malformed, 2 I/O.
// -zero-ticks and -trust-size turn the planted bugs on (a panic on 0 ticks
// per second; a huge allocation, Go's fatal out-of-memory error).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"example.com/fxtread"
)

func main() {
	var bugs fxtread.Bugs
	flag.BoolVar(&bugs.ZeroTicks, "zero-ticks", false, "leave out the ticks-per-second check")
	flag.BoolVar(&bugs.TrustSize, "trust-size", false, "allocate a record's size before checking it")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: fxtread [-zero-ticks] [-trust-size] FILE")
		os.Exit(2)
	}
	f, err := os.Open(flag.Arg(0))
	var st os.FileInfo
	if err == nil {
		st, err = f.Stat()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	s, err := fxtread.ReadFrom(bufio.NewReader(f), st.Size(), bugs)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d records, %d events, %.9f s\n", s.Records, s.Events, s.Seconds)
}
