// Command testsummary reads the output of go test -json on its standard
// input and prints each package's result and time, the tests that failed,
// and why tests skipped: each distinct reason once, with how many tests
// gave it. It exits with status 1 when a test or package failed.
//
//	go test -json ./... | go run .ci/testsummary.go
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

// event is one line of go test -json.
type event struct {
	Action, Package, Test, Output string
	Elapsed                       float64
}

// fileLine is the file:line prefix of a test's log line.
var fileLine = regexp.MustCompile(`^\S+\.go:\d+: `)

func main() {
	output := map[string][]string{}
	var skipped, failed []string
	dec := json.NewDecoder(os.Stdin)
	for {
		var e event
		if err := dec.Decode(&e); err == io.EOF {
			break
		} else if err != nil {
			fmt.Fprintln(os.Stderr, "testsummary:", err)
			os.Exit(2)
		}
		key := e.Package + " " + e.Test
		switch {
		case e.Test == "" && (e.Action == "pass" || e.Action == "fail"):
			fmt.Printf("%-4s %-50s %7.1fs\n", map[string]string{"pass": "ok", "fail": "FAIL"}[e.Action], e.Package, e.Elapsed)
			if e.Action == "fail" {
				failed = append(failed, e.Package)
			}
		case e.Test == "":
		case e.Action == "output":
			output[key] = append(output[key], e.Output)
		case e.Action == "skip":
			skipped = append(skipped, key)
		case e.Action == "fail":
			failed = append(failed, key)
		}
	}
	for _, f := range failed {
		fmt.Println("failed:", f)
	}
	reasons := map[string]int{}
	for _, k := range skipped {
		reasons[reason(output[k])]++
	}
	fmt.Printf("%d tests skipped:\n", len(skipped))
	lines := make([]string, 0, len(reasons))
	for r, n := range reasons {
		lines = append(lines, fmt.Sprintf("%4d  %s", n, r))
	}
	sort.Strings(lines)
	fmt.Println(strings.Join(lines, "\n"))
	if len(failed) > 0 {
		os.Exit(1)
	}
}

// reason is the last line a skipped test logged, without its file:line.
func reason(out []string) string {
	r := "(no reason given)"
	for _, l := range out {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "=== ") && !strings.HasPrefix(l, "--- ") {
			r = fileLine.ReplaceAllString(l, "")
		}
	}
	return r
}
