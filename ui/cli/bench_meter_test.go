package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// meterSource is a small program that runs the command in its arguments
// and writes the command's rusage (peak RSS in KiB, user and system CPU
// in microseconds) to the file named first. The benchmark measures a
// client through it because a child started by the test process itself
// would report the test's own peak: Go starts children with vfork, and at
// exec Linux folds the high-water mark of the memory the child shared
// with its parent into the child's maxrss. The meter's own peak (a few
// MB) is far below any client's.
const meterSource = `package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

func main() {
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "meter:", err)
		os.Exit(125)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	out := fmt.Sprintf("%d %d %d\n", ru.Maxrss, ru.Utime.Nano()/1000, ru.Stime.Nano()/1000)
	if err := os.WriteFile(os.Args[1], []byte(out), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, "meter:", err)
		os.Exit(125)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}
`

// buildMeter builds meterSource into a temporary folder and returns its
// path.
func buildMeter(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "meter.go"), []byte(meterSource), 0o644); err != nil {
		tb.Fatal(err)
	}
	bin := filepath.Join(dir, "meter")
	build := exec.Command("go", "build", "-o", bin, "meter.go")
	build.Dir = dir
	build.Env = append(os.Environ(), "GO111MODULE=off", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("build the meter: %v: %s", err, out)
	}
	return bin
}

// metered rewrites cmd to run through the meter at meter, which writes
// the rusage to out; cancelling cmd's context kills the meter and the
// client (one process group).
func metered(cmd *exec.Cmd, meter, out string) {
	cmd.Args = append([]string{meter, out, cmd.Path}, cmd.Args[1:]...)
	cmd.Path = meter
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// readMeter reads what the meter wrote: peak RSS in bytes and CPU.
func readMeter(path string) (peak int64, cpu time.Duration, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, fmt.Errorf("meter: %w", err)
	}
	f := strings.Fields(string(b))
	if len(f) != 3 {
		return 0, 0, fmt.Errorf("meter: %q: want three numbers", b)
	}
	var n [3]int64
	for i := range n {
		if n[i], err = strconv.ParseInt(f[i], 10, 64); err != nil {
			return 0, 0, fmt.Errorf("meter: %q: %w", b, err)
		}
	}
	return n[0] << 10, time.Duration(n[1]+n[2]) * time.Microsecond, nil
}
