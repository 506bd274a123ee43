package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// cjkWords are Japanese words a generated item's text is made of.
var cjkWords = strings.Fields(`東京 大阪 京都 天気 予報 晴れ 雨 雪 明日 今日 政府 経済 会議 発表 新しい 技術 開発 研究 大学 学生
	電車 駅 事故 選挙 首相 市場 株価 円安 企業 決算 スポーツ 野球 サッカー 試合 勝利 映画 音楽 コンサート 旅行 観光
	料理 ラーメン 寿司 健康 病院 医療 地震 台風 警報 避難 情報 ニュース 世界 日本 中国 韓国 アメリカ 平和 協力 問題 解決`)

// cjkSentence is a Japanese sentence of n words joined by particles.
func cjkSentence(rng *rand.Rand, n int) string {
	particles := []string{"の", "は", "が", "を", "に", "で", "と"}
	var b strings.Builder
	for i := range n {
		b.WriteString(cjkWords[rng.IntN(len(cjkWords))])
		b.WriteString(particles[rng.IntN(len(particles))])
		if i%6 == 5 {
			b.WriteString("、")
		}
	}
	b.WriteString("。")
	return b.String()
}

// TestMeasureCJKIndex measures, on a store of TIDINGS_MEASURE_CJK items
// (2,000 feeds) whose titles and contents are Japanese, how much larger
// the full-text index is with bigrams than it would be with each run one
// token (a contentless FTS4 table beside it, fed the text as the previous
// version indexed it), and how long searches for words inside runs take.
// It is a measurement, not a check: run it by hand,
//
//	TIDINGS_MEASURE_CJK=500000 go test ./store -run MeasureCJK -v -timeout 1h
func TestMeasureCJKIndex(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TIDINGS_MEASURE_CJK"))
	if n <= 0 {
		t.Skip("set TIDINGS_MEASURE_CJK to a number of items")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cjk.db")
	start := time.Now()
	if err := generateSearchStore(ctx, path, n, japaneseStore); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t.Logf("built %d items in %v", n, time.Since(start).Round(time.Second))
	size := func(table string) int64 {
		n, err := ftsSize(ctx, s, table)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	newSize, oldSize := size("items_fts"), size("old_fts")
	t.Logf("index: %.1f MB with bigrams, %.1f MB with runs whole: %+.1f%%", float64(newSize)/1e6, float64(oldSize)/1e6,
		100*float64(newSize-oldSize)/float64(oldSize))

	time50 := func(name string, run func() int) {
		var took []time.Duration
		hits := 0
		for range 11 {
			at := time.Now()
			hits = run()
			took = append(took, time.Since(at))
		}
		slices.Sort(took)
		t.Logf("%-40s %6d hits  median %v  max %v", name, hits, took[len(took)/2].Round(10*time.Microsecond), took[len(took)-1].Round(10*time.Microsecond))
	}
	for _, w := range []string{"天気予報", "東京の天気", "ラーメン", "株価", "第4242号", "サッカーの試合"} {
		time50(fmt.Sprintf("Search(%q, 100)", w), func() int {
			items, err := s.Search(ctx, w, 100)
			if err != nil {
				t.Fatal(err)
			}
			return len(items)
		})
		e := query.MustParse(fmt.Sprintf("text:%q", w))
		time50(fmt.Sprintf("open text:%q (50)", w), func() int {
			items, err := s.Items(ctx, ItemQuery{Filter: e, Limit: 50})
			if err != nil {
				t.Fatal(err)
			}
			return len(items)
		})
		time50(fmt.Sprintf("unread count text:%q", w), func() int {
			c, err := s.CountItems(ctx, ItemQuery{Filter: e, Unread: true})
			if err != nil {
				t.Fatal(err)
			}
			return c.Unread
		})
	}
}
