package cli

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// BenchmarkE2E measures the real binary as a user meets it, against
// newsboat on the same loopback feeds in the same run when newsboat is on
// PATH. It prints every figure with its target; run it with
//
//	go test ./ui/cli -run '^$' -bench E2E -benchtime 1x -timeout 2h
//
// (one part: -bench E2E/Sync300). TIDINGS_BENCH_RUNS sets the runs a
// median is taken over (3); TIDINGS_BENCH_READER_DB keeps the reader's
// 500,000-item store between runs; TIDINGS_BENCH_NEWSBOAT=off leaves
// newsboat out; TIDINGS_BENCH_SMOKE=1 shrinks E2E/Responsive to 100
// feeds and 40 keys, to check that it runs.
func BenchmarkE2E(b *testing.B) {
	withNewsboat := newsboatPath() != "" && os.Getenv("TIDINGS_BENCH_NEWSBOAT") != "off"
	// Both programs run as read from disk: neither finds its pages where a
	// linker or an installer has just written them.
	evict := []string{binPath}
	if withNewsboat {
		evict = append(evict, newsboatPath())
	}
	for _, path := range evict {
		if err := evictFromPageCache(path); err != nil {
			b.Fatal(err)
		}
	}
	rep := newBenchReport(benchRuns(b), withNewsboat)
	b.Run("Sync100", func(b *testing.B) { benchSync(b, rep, syncCase{feeds: 100, window: 20, rounds: 1}) })
	b.Run("Sync300", func(b *testing.B) {
		benchSync(b, rep, syncCase{feeds: 300, window: 20, rounds: 3, newsboat: true})
	})
	b.Run("Sync2000", func(b *testing.B) { benchSync(b, rep, syncCase{feeds: 2000, window: 20, rounds: 3}) })
	b.Run("Fill1000x100", func(b *testing.B) {
		benchSync(b, rep, syncCase{feeds: 1000, window: 100, rounds: 1, newsboat: true})
	})
	b.Run("Reader500k", func(b *testing.B) { benchReader(b, rep) })
	b.Run("Responsive", func(b *testing.B) { benchResponsive(b, rep) })
	rep.print(os.Stdout)
}

// benchRuns is how many runs each median is taken over.
func benchRuns(b *testing.B) int {
	if s := os.Getenv("TIDINGS_BENCH_RUNS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("TIDINGS_BENCH_RUNS=%q: want a positive number", s)
		}
		return n
	}
	return 3
}

// syncCase is one shape of subscriptions: feeds × window items on 30
// hosts, synced for rounds rounds (cold, no change, one new item).
type syncCase struct {
	feeds, window, rounds int
	newsboat              bool
}

// roundNames are the rounds in their order.
var roundNames = []string{roundCold, roundSame, roundOneNew}

const (
	roundCold   = "cold"
	roundSame   = "no change"
	roundOneNew = "one new item"
)

// benchSync runs sc's rounds rep.runs times with fresh clients and
// records every client's cost per round.
func benchSync(b *testing.B, rep *benchReport, sc syncCase) {
	farm := newFeedFarm(b, sc.feeds, 30, sc.window)
	ctx := context.Background()
	for range rep.runs {
		farm.reset()
		clients := []syncClient{}
		tc, err := newTidingsClient(b, farm)
		if err != nil {
			b.Fatal(err)
		}
		clients = append(clients, tc)
		if sc.newsboat && rep.newsboat {
			nc, err := newNewsboatClient(b, farm)
			if err != nil {
				b.Fatal(err)
			}
			clients = append(clients, nc)
		}
		for r := range sc.rounds {
			if roundNames[r] == roundOneNew {
				farm.publish()
			}
			for _, c := range clients {
				u, err := c.round(ctx, farm)
				if err != nil {
					b.Fatalf("%d feeds, %s round: %v", sc.feeds, roundNames[r], err)
				}
				if err := checkRound(farm, c, sc, roundNames[r]); err != nil {
					b.Fatalf("%d feeds, %s round: %v", sc.feeds, roundNames[r], err)
				}
				rep.add(sc, roundNames[r], c.name(), u)
			}
		}
	}
}

// checkRound verifies what a round did: every feed fetched once, and for
// tidings the answers the farm should give and the items it now holds.
func checkRound(farm *feedFarm, c syncClient, sc syncCase, round string) error {
	tc, ok := c.(*tidingsClient)
	if !ok {
		_, st := farm.counts()
		n := 0
		for _, v := range st {
			n += v
		}
		if n != sc.feeds {
			return errFarmCount(st, sc.feeds)
		}
		return nil
	}
	status, items := http.StatusOK, sc.feeds*sc.window
	switch round {
	case roundSame:
		status = http.StatusNotModified
	case roundOneNew:
		status, items = http.StatusIMUsed, sc.feeds*(sc.window+1)
	}
	if err := farm.expect(status, sc.feeds); err != nil {
		return err
	}
	n, err := tc.itemCount()
	if err == nil && n != items {
		err = errItemCount(n, items)
	}
	return err
}

// benchReader starts the reader rep.runs times on the 500,000-item store.
func benchReader(b *testing.B, rep *benchReport) {
	ctx := context.Background()
	db := os.Getenv("TIDINGS_BENCH_READER_DB")
	if db == "" {
		db = filepath.Join(b.TempDir(), "reader.db")
	}
	if _, err := os.Stat(db); err != nil {
		start := time.Now()
		if err := generateReaderStore(ctx, db, readerStoreShape); err != nil {
			b.Fatal(err)
		}
		rep.readerGenerated = time.Since(start)
	}
	home := b.TempDir()
	for range rep.runs {
		fig, err := readerStart(ctx, home, db)
		if err != nil {
			b.Fatal(err)
		}
		rep.reader = append(rep.reader, fig)
	}
}
