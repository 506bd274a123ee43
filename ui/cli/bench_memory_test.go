package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The memory benchmark's store: 100,000 items, memFeeds feeds of
// memItemsPerFeed items in the reader store's folders.
const (
	memFeeds        = 2000
	memItemsPerFeed = 50
	// memSettle is how long after the first frame the resident set is read:
	// what the reader holds once it has started, not its start-up peak.
	memSettle = 5 * time.Second
)

// memShape is the memory benchmark's store, its feeds' addresses closed
// (nothing downloads).
var memShape = readerShape{feeds: memFeeds, perFeed: memItemsPerFeed}

// BenchmarkReaderMemory measures the reader's resident memory on a
// 100,000-item store in a 120×40 pseudo-terminal, memSettle after its
// first frame, split into anonymous pages (heaps: Go's, SQLite's) and
// file-backed ones (the binary, libc, the database's mapped pages), beside
// newsboat on the same feeds and items when it is on PATH:
//
//	go test ./ui/cli -run '^$' -bench ReaderMemory -benchtime 1x
//
// TIDINGS_BENCH_RUNS sets the runs a median is taken over (3);
// TIDINGS_BENCH_MEMORY_DB keeps the store (and newsboat's cache, in the
// folder named after it with .newsboat added) between runs;
// TIDINGS_BENCH_NEWSBOAT=off leaves newsboat out;
// TIDINGS_BENCH_MEMORY_BINS, a list of binaries separated by colons, puts
// other builds beside the test's (to compare build flags).
func BenchmarkReaderMemory(b *testing.B) {
	ctx := context.Background()
	db := os.Getenv("TIDINGS_BENCH_MEMORY_DB")
	if db == "" {
		db = filepath.Join(b.TempDir(), "reader100k.db")
	}
	if _, err := os.Stat(db); err != nil {
		if err := generateReaderStore(ctx, db, memShape); err != nil {
			b.Fatal(err)
		}
	}
	bins := []string{binPath}
	if s := os.Getenv("TIDINGS_BENCH_MEMORY_BINS"); s != "" {
		bins = append(bins, strings.Split(s, ":")...)
	}
	withNewsboat := newsboatPath() != "" && os.Getenv("TIDINGS_BENCH_NEWSBOAT") != "off"
	evict := bins
	if withNewsboat {
		evict = append(slices.Clone(bins), newsboatPath())
	}
	// Every program runs as read from disk (see BenchmarkE2E).
	for _, bin := range evict {
		if err := evictFromPageCache(bin); err != nil {
			b.Fatal(err)
		}
	}
	runs := benchRuns(b)
	figs := make([][]memFigure, len(bins))
	for range runs {
		for i, bin := range bins {
			fig, err := readerMemory(ctx, bin, b.TempDir(), db)
			if err != nil {
				b.Fatal(err)
			}
			figs[i] = append(figs[i], fig)
		}
	}
	var nb []memFigure
	if withNewsboat {
		dir := db + ".newsboat"
		if _, err := os.Stat(filepath.Join(dir, "cache.db")); err != nil { // kept between runs with the store
			if _, err := generateNewsboatCache(ctx, dir, memShape); err != nil {
				b.Fatal(err)
			}
		}
		for range runs {
			fig, err := newsboatMemory(ctx, dir)
			if err != nil {
				b.Fatal(err)
			}
			nb = append(nb, fig)
		}
	}
	fmt.Printf("\nreader memory: %d feeds × %d items, 120×40, resident %s after the first frame, medians of %d runs (MiB = 2^20 bytes)\n",
		memFeeds, memItemsPerFeed, memSettle, runs)
	for i, bin := range bins {
		name := "tidings"
		if i > 0 {
			name = bin
		}
		printReaderMemory(name, medianMemory(figs[i]))
	}
	if len(nb) == 0 {
		return
	}
	n, t := medianMemory(nb), medianMemory(figs[0])
	name, _, _ := strings.Cut(newsboatVersion(), " - ")
	printReaderMemory(name, n)
	holds := "no"
	if float64(t.rss) <= 0.25*float64(n.rss) {
		holds = "yes"
	}
	fmt.Printf("tidings ÷ newsboat: %.2f× (target ≤ 0.25×: %s)\n", float64(t.rss)/float64(n.rss), holds)
}

// printReaderMemory writes one program's figures.
func printReaderMemory(name string, m memFigure) {
	fmt.Printf("  %-28s %6.1f MiB = %5.1f anonymous + %5.1f file-backed; first frame %.0f ms\n",
		name, memMiB(m.rss), memMiB(m.anon), memMiB(m.file), m.first.Seconds()*1000)
}

// memFigure is one start of the reader: its time to the first frame and
// its resident memory memSettle later, in bytes.
type memFigure struct {
	first           time.Duration
	rss, anon, file int64
}

// medianMemory is the median of each field of figs.
func medianMemory(figs []memFigure) memFigure {
	med := func(field func(memFigure) int64) int64 {
		v := make([]int64, len(figs))
		for i, f := range figs {
			v[i] = field(f)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	return memFigure{
		first: time.Duration(med(func(f memFigure) int64 { return int64(f.first) })),
		rss:   med(func(f memFigure) int64 { return f.rss }),
		anon:  med(func(f memFigure) int64 { return f.anon }),
		file:  med(func(f memFigure) int64 { return f.file }),
	}
}

// memMiB is n bytes in MiB.
func memMiB(n int64) float64 { return float64(n) / (1 << 20) }

// readerMemory starts bin's reader on db in a 120×40 terminal, waits for
// its first frame, reads its memory memSettle later and quits it with q.
func readerMemory(ctx context.Context, bin, home, db string) (memFigure, error) {
	cmd := exec.Command(bin, "--db", db)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		"XDG_DATA_HOME="+filepath.Join(home, "data"), "TERM=xterm-256color", "COLORTERM=truecolor")
	return memoryAfterFirstFrame(ctx, cmd, func(text []byte) bool {
		return bytes.Contains(text, []byte(readerNewest)) && bytes.Contains(text, []byte(readerFolder))
	})
}

// newsboatMemory does the same for newsboat on its cache in dir: its
// first frame is the feed list with its key bar.
func newsboatMemory(ctx context.Context, dir string) (memFigure, error) {
	cmd := exec.Command(newsboatPath(), "-u", "urls", "-c", "cache.db", "-C", "config")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "TERM=xterm-256color", "COLORTERM=truecolor")
	return memoryAfterFirstFrame(ctx, cmd, func(text []byte) bool {
		return bytes.Contains(text, []byte("q:Quit")) && bytes.Contains(text, []byte(fmt.Sprintf("(%d/%d) Feed 2", memItemsPerFeed, memItemsPerFeed)))
	})
}

// memoryAfterFirstFrame runs cmd in a 120×40 terminal, answering its
// queries as a terminal does, until complete says the screen's text holds
// the first frame; it reads the process's memory memSettle later and
// quits it with q.
func memoryAfterFirstFrame(ctx context.Context, cmd *exec.Cmd, complete func(text []byte) bool) (memFigure, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	master, slave, err := openPTY(40, 120)
	if err != nil {
		return memFigure{}, err
	}
	defer master.Close()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		slave.Close()
		return memFigure{}, err
	}
	slave.Close()
	out := make(chan []byte, 64)
	go readAll(master, out)
	var fig memFigure
	var seen bytes.Buffer
	answered := 0
	var settled <-chan time.Time // set at the first frame
wait:
	for {
		select {
		case <-ctx.Done():
			err = fmt.Errorf("%s: no first frame: %w; it wrote %q", cmd.Path, ctx.Err(), tail(seen.Bytes(), 300))
			break wait
		case <-settled:
			fig.rss, fig.anon, fig.file, err = residentSplit(cmd.Process.Pid)
			break wait
		case chunk, ok := <-out:
			if !ok {
				err = fmt.Errorf("%s: exited; it wrote %q", cmd.Path, tail(seen.Bytes(), 300))
				break wait
			}
			if settled != nil {
				continue // it draws on; the pty must not fill
			}
			seen.Write(chunk)
			answerQueries(master, seen.Bytes(), &answered)
			if complete(ansiEscape.ReplaceAll(seen.Bytes(), nil)) {
				fig.first = time.Since(start)
				settled = time.After(memSettle)
			}
		}
	}
	master.Write([]byte("q"))
	go func() {
		for range out {
		}
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case waitErr := <-done:
		if err == nil && waitErr != nil {
			err = fmt.Errorf("%s: %w", cmd.Path, waitErr)
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		if err == nil {
			err = fmt.Errorf("%s: did not quit on q", cmd.Path)
		}
	}
	return fig, err
}

// residentSplit is the process's resident set now and its anonymous and
// file-backed parts (VmRSS, RssAnon, RssFile + RssShmem), in bytes.
func residentSplit(pid int) (rss, anon, file int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, 0, fmt.Errorf("reader memory: %w", err)
	}
	fields := map[string]*int64{"VmRSS:": &rss, "RssAnon:": &anon, "RssFile:": &file, "RssShmem:": new(int64)}
	seen := 0
	for line := range strings.Lines(string(b)) {
		name, v, _ := strings.Cut(line, "\t")
		p, ok := fields[name]
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		if err != nil {
			return 0, 0, 0, fmt.Errorf("reader memory: %q: %w", line, err)
		}
		*p = kb * 1024
		seen++
	}
	if seen != len(fields) {
		return 0, 0, 0, fmt.Errorf("reader memory: %d of the fields of %d's status", seen, pid)
	}
	file += *fields["RssShmem:"]
	return rss, anon, file, nil
}
