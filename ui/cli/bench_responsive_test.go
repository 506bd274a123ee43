package cli

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// responsiveCase is the shape of the responsiveness benchmark: a store of
// feeds × perFeed items whose feeds the farm serves (window items each,
// answering in 50–300 ms), keys keys idle and as many during a refresh
// of every feed.
type responsiveCase struct {
	feeds, perFeed, window, keys int
}

// The terminal the reader runs in.
const (
	responsiveRows = 40
	responsiveCols = 120
)

// responsiveShape is the full benchmark; TIDINGS_BENCH_SMOKE=1 makes it
// small enough to check that it runs.
func responsiveShape() responsiveCase {
	if os.Getenv("TIDINGS_BENCH_SMOKE") != "" {
		return responsiveCase{feeds: 100, perFeed: 50, window: 5, keys: 40}
	}
	return responsiveCase{feeds: 2000, perFeed: 50, window: 5, keys: 200}
}

// farmLatency is how long feed i's publisher takes to answer: 50–300 ms,
// spread over the feeds.
func farmLatency(i int) time.Duration {
	return time.Duration(50+i*7919%251) * time.Millisecond
}

// responsiveFigure is one run of one reader.
type responsiveFigure struct {
	// first is exec → first frame; rss, anon and file its resident memory
	// 5 s later (VmRSS, and smaps_rollup's split).
	first           time.Duration
	rss, anon, file int64
	idle, refresh   keyFigures
	// refreshStart is R → the farm's first answer, when the refresh's
	// keys start; cpu the CPU the reader used over those keys; answered
	// how many feeds the farm had answered by their end.
	refreshStart, cpu time.Duration
	answered          int
	search            []searchFigure
}

// searchFigure is one search: its word and the time from enter to the
// frame showing its results.
type searchFigure struct {
	word    string
	latency time.Duration
}

// ptyClient is a reader the benchmark drives in a pseudo-terminal: how to
// start it on a fresh copy of its store, and how its screens read.
type ptyClient struct {
	name string
	// start prepares a fresh home and store in dir and starts the reader.
	start func(dir string) (*ptyProgram, error)
	// ready holds once the first frame is complete.
	ready func(*screen) bool
	// prompt is text the search prompt shows; results(word) the text of
	// the frame with the results; back the key that leaves them.
	prompt  string
	results func(word string) string
	back    string
}

// benchResponsive measures key → frame latency, search, memory and CPU
// during a refresh, for tidings and newsboat, rep.runs times each.
func benchResponsive(b *testing.B, rep *benchReport) {
	if _, err := os.Stat("/dev/ptmx"); err != nil {
		b.Skip("no pseudo-terminals here (/dev/ptmx)")
	}
	ctx := context.Background()
	rc := responsiveShape()
	farm := newFeedFarm(b, rc.feeds, 30, rc.window)
	farm.delay = farmLatency
	sh := readerShape{feeds: rc.feeds, perFeed: rc.perFeed, words: true,
		url: func(f int) string { return farm.feeds[f].url }}
	dir := b.TempDir()
	start := time.Now()
	db := filepath.Join(dir, "tidings.db")
	if err := generateReaderStore(ctx, db, sh); err != nil {
		b.Fatal(err)
	}
	clients := []ptyClient{tidingsPTY(db)}
	if rep.newsboat {
		cache, err := generateNewsboatCache(ctx, filepath.Join(dir, "newsboat"), sh)
		if err != nil {
			b.Fatal(err)
		}
		clients = append(clients, newsboatPTY(cache, sh))
	}
	b.Logf("stores of %d items written in %.0f s", rc.feeds*rc.perFeed, time.Since(start).Seconds())
	rep.responsiveCase, rep.responsiveShape = rc, sh
	if rep.responsive == nil {
		rep.responsive = map[string][]responsiveFigure{}
	}
	for run := range rep.runs {
		for _, c := range clients {
			farm.reset()
			farm.resetCounts()
			fig, err := measureResponsive(ctx, c, rc, sh, farm, b.TempDir(), uint64(run))
			if err != nil && c.name == "newsboat" && errors.Is(err, errExited) {
				// newsboat 2.21 has been seen to end in the middle of
				// a refresh: say so, and leave the run out.
				rep.responsiveNotes = append(rep.responsiveNotes, fmt.Sprintf("newsboat, run %d: %s", run+1, firstLines(err.Error(), 1)))
				b.Logf("newsboat, run %d, left out: %v", run+1, err)
				continue
			}
			if err != nil {
				b.Fatalf("%s: %v", c.name, err)
			}
			rep.responsive[c.name] = append(rep.responsive[c.name], fig)
		}
	}
}

// measureResponsive is one run of c: first frame, memory 5 s later, keys
// idle, a search for every word the store holds, then keys during a
// refresh of every feed.
func measureResponsive(ctx context.Context, c ptyClient, rc responsiveCase, sh readerShape, farm *feedFarm, dir string, seed uint64) (responsiveFigure, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Hour)
	defer cancel()
	var fig responsiveFigure
	began := time.Now()
	p, err := c.start(dir)
	if err != nil {
		return fig, err
	}
	defer p.stop()
	at, err := p.waitFor(ctx, 30*time.Minute, "first frame", c.ready)
	if err != nil {
		return fig, err
	}
	fig.first = at.Sub(began)
	if err := p.idle(ctx, 5*time.Second); err != nil {
		return fig, err
	}
	pid := p.cmd.Process.Pid
	if fig.rss, err = residentBytes(pid); err != nil {
		return fig, err
	}
	if fig.anon, fig.file, err = memorySplit(pid); err != nil {
		return fig, err
	}
	rng := rand.New(rand.NewPCG(seed, 28))
	if fig.idle, err = p.pressKeys(ctx, rc.keys, rng); err != nil {
		return fig, fmt.Errorf("idle keys: %w", err)
	}
	for _, w := range frequencyWords {
		if sh.matches(w) == 0 {
			continue
		}
		d, err := p.search(ctx, c, w.word)
		if err != nil {
			return fig, fmt.Errorf("search %s: %w", w.word, err)
		}
		fig.search = append(fig.search, searchFigure{word: w.word, latency: d})
	}
	// The keys start with the refresh's first download.
	pressed := time.Now()
	if err := p.press("R"); err != nil {
		return fig, err
	}
	at, err = p.waitFor(ctx, 10*time.Minute, "the refresh's first download", func(*screen) bool { return farmAnswered(farm) > 0 })
	if err != nil {
		return fig, err
	}
	fig.refreshStart = at.Sub(pressed)
	cpu0, err := cpuSoFar(pid)
	if err != nil {
		return fig, err
	}
	if fig.refresh, err = p.pressKeys(ctx, rc.keys, rng); err != nil {
		return fig, fmt.Errorf("keys during the refresh: %w", err)
	}
	cpu1, err := cpuSoFar(pid)
	if err != nil {
		return fig, err
	}
	fig.cpu = cpu1 - cpu0
	fig.answered = farmAnswered(farm)
	return fig, nil
}

// farmAnswered is how many answers the farm gave since its counts were
// reset.
func farmAnswered(farm *feedFarm) int {
	_, st := farm.counts()
	n := 0
	for _, v := range st {
		n += v
	}
	return n
}

// search is / word enter: the time from enter to the first frame showing
// the results; then it leaves them for the list it came from.
func (p *ptyProgram) search(ctx context.Context, c ptyClient, word string) (time.Duration, error) {
	row, col, ok := p.scr.selection()
	if !ok {
		return 0, errors.New("no selected row")
	}
	if err := p.press("/"); err != nil {
		return 0, err
	}
	if _, err := p.waitFor(ctx, time.Minute, "search prompt", func(s *screen) bool { return s.contains(c.prompt) }); err != nil {
		return 0, err
	}
	if err := p.press(word); err != nil {
		return 0, err
	}
	if _, err := p.waitFor(ctx, time.Minute, "the word typed", func(s *screen) bool { return s.contains(word) }); err != nil {
		return 0, err
	}
	enter := time.Now()
	if err := p.press("\r"); err != nil {
		return 0, err
	}
	results := c.results(word)
	at, err := p.waitFor(ctx, 10*time.Minute, "results", func(s *screen) bool { return s.contains(results) })
	if err != nil {
		return 0, err
	}
	if err := p.press(c.back); err != nil {
		return 0, err
	}
	_, err = p.waitFor(ctx, time.Minute, "the list again", func(s *screen) bool {
		r, cc, ok := s.selection()
		return ok && r == row && cc == col && (c.name != "newsboat" || !s.contains(results))
	})
	return at.Sub(enter), err
}

// memorySplit is the process's resident memory in anonymous and
// file-backed pages (smaps_rollup: Anonymous, and Rss less it).
func memorySplit(pid int) (anon, file int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
	if err != nil {
		return 0, 0, fmt.Errorf("reader memory: %w", err)
	}
	var rss int64
	for line := range strings.Lines(string(b)) {
		f := strings.Fields(line)
		if len(f) != 3 || f[2] != "kB" {
			continue
		}
		var kb int64
		if _, err := fmt.Sscan(f[1], &kb); err != nil {
			return 0, 0, fmt.Errorf("reader memory: %q: %w", line, err)
		}
		switch f[0] {
		case "Rss:":
			rss = kb << 10
		case "Anonymous:":
			anon = kb << 10
		}
	}
	if rss == 0 {
		return 0, 0, errors.New("reader memory: no Rss in smaps_rollup")
	}
	return anon, rss - anon, nil
}
