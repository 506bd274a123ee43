package store

import (
	"context"
	"database/sql"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

// unigramText is text with every unsegmented rune a token of its own.
func unigramText(text string) string {
	var b strings.Builder
	for _, r := range text {
		if unsegmented(r) {
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestMeasureUnigrams reports, on each measurement store, the size of a
// full-text index that holds every unsegmented character as a token of
// its own (a phrase of characters finds a substring as a phrase of
// bigrams does) beside the bigram index, and how long a count of the
// items a few words match takes with each.
func TestMeasureUnigrams(t *testing.T) {
	ctx := context.Background()
	stores := measureStores(t)
	for _, name := range slices.Sorted(maps.Keys(stores)) {
		s := stores[name]
		err := s.write(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `DROP TABLE IF EXISTS uni_fts`); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `CREATE VIRTUAL TABLE uni_fts USING fts4(title, content, content="", matchinfo=fts3, tokenize=unicode61)`); err != nil {
				return err
			}
			rows, err := tx.QueryContext(ctx, `SELECT id, title, content FROM items`)
			if err != nil {
				return err
			}
			type row struct {
				id             int64
				title, content string
			}
			var all []row
			for rows.Next() {
				var r row
				if err := rows.Scan(&r.id, &r.title, &r.content); err != nil {
					return err
				}
				all = append(all, r)
			}
			rows.Close()
			for _, r := range all {
				text := strings.NewReplacer("<p>", " ", "</p>", " ").Replace(r.content)
				if _, err := tx.ExecContext(ctx, `INSERT INTO uni_fts (docid, title, content) VALUES (?, ?, ?)`,
					r.id, unigramText(r.title), unigramText(text)); err != nil {
					return err
				}
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO uni_fts(uni_fts) VALUES ('optimize')`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		bi, _ := ftsSize(ctx, s, "items_fts")
		uni, _ := ftsSize(ctx, s, "uni_fts")
		old, _ := ftsSize(ctx, s, "old_fts")
		t.Logf("%-16s bigrams %.1f MB, characters %.1f MB, runs whole %.1f MB: characters %+.1f%% of runs whole",
			name, float64(bi)/1e6, float64(uni)/1e6, float64(old)/1e6, 100*float64(uni-old)/float64(old))
		for _, w := range []string{"天気予報", "東京の天気", "ラーメン", "株価", "サッカーの試合", "の", "第4242号"} {
			for table, match := range map[string]string{"items_fts": ftsQuery(w), "uni_fts": `"` + strings.TrimSpace(unigramText(w)) + `"`} {
				var took []time.Duration
				var n int
				for range 5 {
					at := time.Now()
					if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM `+table+` WHERE `+table+` MATCH ?`, match).Scan(&n); err != nil {
						t.Fatal(err)
					}
					took = append(took, time.Since(at))
				}
				slices.Sort(took)
				t.Logf("%-16s %-9s %-14q %7d matches  median %v", name, table, w, n, took[2].Round(10*time.Microsecond))
			}
		}
	}
}

// TestMeasureIndexLayouts reports, on each measurement store, the size
// of the full-text index (one column, body) beside the same text laid out
// as the index was before migration 0017: the title and the content in
// columns of their own (FTS4 marks each entry of a column other than the
// first with two bytes, and an item's word in both columns is two
// entries).
func TestMeasureIndexLayouts(t *testing.T) {
	ctx := context.Background()
	stores := measureStores(t)
	for _, name := range slices.Sorted(maps.Keys(stores)) {
		s := stores[name]
		err := s.write(ctx, func(tx *sql.Tx) error {
			for _, q := range []string{`DROP TABLE IF EXISTS two_fts`,
				`CREATE VIRTUAL TABLE two_fts USING fts4(title, content, content="", matchinfo=fts3, tokenize=unicode61)`,
				`INSERT INTO two_fts (docid, title, content) SELECT id, title_text(title), html_text(content) FROM items`,
				`INSERT INTO two_fts(two_fts) VALUES ('optimize')`} {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		old, _ := ftsSize(ctx, s, "old_fts")
		for _, table := range []string{"items_fts", "two_fts"} {
			n, _ := ftsSize(ctx, s, table)
			t.Logf("%-16s %-10s %.1f MB, runs whole (title, content) %.1f MB: %+.1f%%", name, table, float64(n)/1e6,
				float64(old)/1e6, 100*float64(n-old)/float64(old))
		}
	}
}
