package store

import (
	"context"
	"database/sql"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// measureStores opens (generating the missing ones) the measurement
// stores TIDINGS_MEASURE_SEARCH asks for in the folder
// TIDINGS_MEASURE_SEARCH_DIR: sizes (100000,500000) × kinds (latin,
// japanese, mixed). It skips the test when the variable is unset.
func measureStores(t *testing.T) map[string]*Store {
	t.Helper()
	dir := os.Getenv("TIDINGS_MEASURE_SEARCH_DIR")
	if os.Getenv("TIDINGS_MEASURE_SEARCH") == "" || dir == "" {
		t.Skip("set TIDINGS_MEASURE_SEARCH (e.g. 100000,500000:latin,japanese,mixed) and TIDINGS_MEASURE_SEARCH_DIR")
	}
	ctx := context.Background()
	out := map[string]*Store{}
	sizes, kinds := splitMeasure(os.Getenv("TIDINGS_MEASURE_SEARCH"))
	for _, n := range sizes {
		for _, kind := range kinds {
			name := strconv.Itoa(n) + "-" + string(kind)
			path := filepath.Join(dir, name+".db")
			if _, err := os.Stat(path); err != nil {
				start := time.Now()
				if err := generateSearchStore(ctx, path, n, kind); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: built in %v", name, time.Since(start).Round(time.Second))
			}
			s, err := Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			out[name] = s
		}
	}
	return out
}

// splitMeasure reads "100000,500000:latin,japanese".
func splitMeasure(v string) ([]int, []searchStoreKind) {
	var sizes []int
	var kinds []searchStoreKind
	sizePart, kindPart, _ := strings.Cut(v, ":")
	for _, f := range strings.FieldsFunc(sizePart, isComma) {
		n, _ := strconv.Atoi(f)
		sizes = append(sizes, n)
	}
	for _, f := range strings.FieldsFunc(kindPart, isComma) {
		kinds = append(kinds, searchStoreKind(f))
	}
	if len(kinds) == 0 {
		kinds = []searchStoreKind{latinStore, japaneseStore, mixedStore}
	}
	return sizes, kinds
}

func isComma(r rune) bool { return r == ',' }

// TestMeasureIndexSize reports, for each measurement store, the size of
// the full-text index beside the one runs kept whole would have.
func TestMeasureIndexSize(t *testing.T) {
	ctx := context.Background()
	for name, s := range measureStores(t) {
		now, err := ftsSize(ctx, s, "items_fts")
		if err != nil {
			t.Fatal(err)
		}
		old, err := ftsSize(ctx, s, "old_fts")
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-16s index %.1f MB, runs whole %.1f MB: %+.1f%%", name, float64(now)/1e6, float64(old)/1e6, 100*float64(now-old)/float64(old))
	}
}

// searchWords are words of every frequency in each kind of measurement
// store, from one item in 50,000 to every item.
var searchWords = map[searchStoreKind][]string{
	latinStore:    {"topic4242", "topic424", "topic42", "topic4", "feed 1234", "item 7", "1", "2", "words", "words topic42"},
	japaneseStore: {"第4242号", "第424", "東京の天気", "天気予報", "サッカーの試合", "ラーメン", "株価", "東京", "雨", "の"},
}

// beforeSearch is Search as it was before the page of a search was
// picked by id and planned (textPlan): every match read whole and sorted.
func beforeSearch(ctx context.Context, s *Store, text string, limit int) ([]Item, error) {
	return s.queryItems(ctx, `SELECT `+itemColumns+` FROM items i
		JOIN feeds fd ON fd.id = i.feed_id
		WHERE i.hidden = 0 AND i.id IN (SELECT docid FROM items_fts WHERE items_fts MATCH ?)
		ORDER BY i.sort_at DESC, i.id DESC LIMIT ?`, ftsQuery(text), limit)
}

// plannedSearch is Search with its plan forced.
func plannedSearch(ctx context.Context, s *Store, text string, limit int, plan textPlan) ([]Item, error) {
	sql, args := plannedItemsSQL(ctx, s, ItemQuery{Filter: &query.FullText{Text: text}, Limit: limit}, plan)
	return s.queryItems(ctx, sql, args...)
}

// TestMeasureSearch reports, on each measurement store, the in-reader
// search (500 results) for words of every frequency: each word's median
// of 7 runs, then the median and 90th percentile over the words, for
// Search as it was (before), with every match sorted (matchesFirst), and
// as it chooses now (Search).
func TestMeasureSearch(t *testing.T) {
	ctx := context.Background()
	stores := measureStores(t)
	names := slices.Sorted(maps.Keys(stores))
	for _, name := range names {
		s := stores[name]
		var words []string
		for kind, ws := range searchWords {
			if strings.HasSuffix(name, string(kind)) || strings.HasSuffix(name, string(mixedStore)) {
				words = append(words, ws...)
			}
		}
		runs := []struct {
			name   string
			search func(string) ([]Item, error)
		}{
			{"before", func(w string) ([]Item, error) { return beforeSearch(ctx, s, w, 500) }},
			{"matchesFirst", func(w string) ([]Item, error) { return plannedSearch(ctx, s, w, 500, matchesFirst) }},
			{"Search", func(w string) ([]Item, error) { return s.Search(ctx, w, 500) }},
		}
		for _, run := range runs {
			var medians, cpuMedians []time.Duration
			for _, w := range words {
				var hits int
				if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM items_fts WHERE items_fts MATCH ?`, ftsQuery(w)).Scan(&hits); err != nil {
					t.Fatal(err)
				}
				var took, cpu []time.Duration
				for range 7 {
					at, atCPU := time.Now(), cpuTime()
					if _, err := run.search(w); err != nil {
						t.Fatal(err)
					}
					took, cpu = append(took, time.Since(at)), append(cpu, time.Duration(cpuTime()-atCPU))
				}
				slices.Sort(took)
				slices.Sort(cpu)
				medians, cpuMedians = append(medians, took[len(took)/2]), append(cpuMedians, cpu[len(cpu)/2])
				t.Logf("%-16s %-12s %-16q %7d hits  median %v (CPU %v)", name, run.name, w, hits,
					took[len(took)/2].Round(10*time.Microsecond), cpu[len(cpu)/2].Round(10*time.Microsecond))
			}
			slices.Sort(medians)
			slices.Sort(cpuMedians)
			t.Logf("%-16s %-12s p50 %v  p90 %v  (CPU p50 %v  p90 %v)", name, run.name,
				percentile(medians, 50).Round(10*time.Microsecond), percentile(medians, 90).Round(10*time.Microsecond),
				percentile(cpuMedians, 50).Round(10*time.Microsecond), percentile(cpuMedians, 90).Round(10*time.Microsecond))
		}
	}
}

// percentile is the p-th percentile of sorted durations (nearest rank).
func percentile(sorted []time.Duration, p int) time.Duration {
	i := (p*len(sorted) + 99) / 100
	return sorted[max(i-1, 0)]
}

// BenchmarkSearchFrequencies is the in-reader search (500 results) on the
// benchmark store for words of every frequency, from 11 matches to all
// 500,000 items.
func BenchmarkSearchFrequencies(b *testing.B) {
	s := benchStore(b)
	ctx := context.Background()
	for _, w := range searchWords[latinStore] {
		b.Run(strings.ReplaceAll(w, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				if _, err := s.Search(ctx, w, 500); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMeasureRebuild reports, on each measurement store, how long the
// rebuild of the full-text index takes that migrations 0016 and 0017
// run, and the index's size after it (merged into one segment, as the
// stores are generated) beside the one runs kept whole would have. It
// rebuilds the stores' indexes with this version's tokenizing.
func TestMeasureRebuild(t *testing.T) {
	ctx := context.Background()
	stores := measureStores(t)
	for _, name := range slices.Sorted(maps.Keys(stores)) {
		s := stores[name]
		start := time.Now()
		err := s.write(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO items_fts(items_fts) VALUES ('rebuild')`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		took := time.Since(start)
		err = s.write(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO items_fts(items_fts) VALUES ('optimize')`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		now, err := ftsSize(ctx, s, "items_fts")
		if err != nil {
			t.Fatal(err)
		}
		old, err := ftsSize(ctx, s, "old_fts")
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-16s rebuild %v; index %.1f MB, runs whole %.1f MB: %+.1f%%", name, took.Round(100*time.Millisecond),
			float64(now)/1e6, float64(old)/1e6, 100*float64(now-old)/float64(old))
	}
}
