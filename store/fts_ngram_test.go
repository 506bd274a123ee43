package store

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/query"
)

func TestNgramText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"plain words, café", "plain words, café"},
		{"東京の天気は晴れ", " 東京 京の の天 天気 気は は晴 晴れ  れ"},
		{"iPhone15の発売", "iPhone15 の発 発売  売"},
		{"a天b", "a 天 b"},
		{"コーヒー、紅茶。", " コー ーヒ ヒー 、 紅茶 。 ー 茶"},
		{"서울의 날씨", " 서울 울의   날씨  의 씨"},
		{"ภาษาไทย", " ภา าษ ษา าไ ไท ทย  ย"},
		{"\xff東\xe6\x9d", "\xff 東 \xe6\x9d"},
	} {
		for name, fn := range map[string]func(string) string{"fast": ngramTextFast, "reference": ngramTextRef} {
			if got := fn(tc.in); got != tc.want {
				t.Errorf("%s(%q) = %q, want %q", name, tc.in, got, tc.want)
			}
		}
	}
}

// ngramInputs are texts of every unsegmented script, mixed with others,
// marks, entities and invalid UTF-8; indexTextInputs holds them too.
var ngramInputs = []string{
	"東京の天気は晴れ", "今日は<b>とても</b>良い天気です。", "<p>北京欢迎你</p><p>上海</p>", "서울의 날씨는 맑음",
	"ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค", "ພາສາລາວ", "ភាសាខ្មែរ", "မြန်မာဘာသာ", "ｶﾀｶﾅｰﾄﾞ", "々〇ヶ", "&#x6771;&#x4eac;&amp;大阪",
	"mixed English日本語text123漢字", "一", "a一b二c", "\xe6\x9d\xb1\xff\xe4\xba", "𠮷野家の牛丼", "العربية 中文 русский",
}

func TestNgramTextEqualsItsReference(t *testing.T) {
	for _, in := range append(indexTextInputs(t), ngramInputs...) {
		if got, want := ngramTextFast(in), ngramTextRef(in); got != want {
			t.Fatalf("ngramTextFast(%.200q)\n = %.200q\nwant %.200q", in, got, want)
		}
	}
}

func FuzzNgramText(f *testing.F) {
	for _, in := range ngramInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := ngramTextFast(in), ngramTextRef(in); got != want {
			t.Fatalf("ngramTextFast(%q)\n = %q\nwant %q", in, got, want)
		}
	})
}

// cjkItems are items whose words run together, in their title or content.
var cjkItems = []document.Item{
	{GUID: "ja", Title: "今日のニュース", Content: "<p>東京の天気は晴れ、明日は<b>雨</b>でしょう。</p>"},
	{GUID: "zh", Title: "北京欢迎你", Content: "<p>我们今天去图书馆学习中文</p>"},
	{GUID: "ko", Title: "서울의 날씨", Content: "<p>오늘은 날씨가 맑겠습니다</p>"},
	{GUID: "th", Title: "ข่าววันนี้", Content: "<p>ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค</p>"},
	{GUID: "en", Title: "An English item", Content: "<p>Nothing to see in Tokyo today</p>"},
}

// runsOf returns the runs of unsegmented characters in text.
func runsOf(text string) [][]rune {
	var runs [][]rune
	var run []rune
	for _, r := range text + " " {
		if unsegmented(r) {
			run = append(run, r)
			continue
		}
		if len(run) > 0 {
			runs = append(runs, run)
		}
		run = nil
	}
	return runs
}

// TestSearchFindsEveryCJKSubstring: every substring of every run, one
// character or more, in a title or in content, finds its item, through
// Search and through text: in an expression.
func TestSearchFindsEveryCJKSubstring(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, docOf(cjkItems...), 0)
	ftsIntact(t, s.writer)
	checked := 0
	for _, it := range cjkItems {
		for _, run := range runsOf(it.Title + " " + indexTextRefPlain(it.Content)) {
			for i := range run {
				for j := i + 1; j <= len(run); j++ {
					sub := string(run[i:j])
					if allMarks(run[i:j]) {
						continue // Thai vowel and tone marks alone: no word
					}
					found, err := s.Search(ctx, sub, 10)
					if err != nil {
						t.Fatal(err)
					}
					if !holds(found, it.GUID) {
						t.Errorf("search %q: %d items, not %s", sub, len(found), it.GUID)
					}
					checked++
				}
			}
		}
	}
	if checked < 350 {
		t.Fatalf("only %d substrings checked", checked)
	}
	for text, want := range map[string]string{"天気": "ja", "ニュース": "ja", "图书馆": "zh", "날씨가": "ko", "ไม่มีการ": "th",
		"天気 晴れ": "ja", "Tokyo": "en"} {
		items, err := s.Items(ctx, ItemQuery{Filter: query.MustParse(fmt.Sprintf("text:%q", text))})
		if err != nil {
			t.Fatal(err)
		}
		if len(items) != 1 || items[0].GUID != want {
			t.Errorf("text:%q found %d items, want %s alone", text, len(items), want)
		}
	}
	for _, miss := range []string{"天晴", "東京雨", "北京图"} {
		if n := searchHits(t, s, miss); n != 0 {
			t.Errorf("search %q found %d items: characters that do not follow each other", miss, n)
		}
	}
}

// indexTextRefPlain is the visible text of content, without bigrams.
func indexTextRefPlain(content string) string {
	return strings.NewReplacer("<p>", " ", "</p>", " ", "<b>", "", "</b>", "").Replace(content)
}

// allMarks reports whether every rune of rs is a combining mark.
func allMarks(rs []rune) bool {
	for _, r := range rs {
		if !unicode.Is(unicode.Mn, r) {
			return false
		}
	}
	return true
}

func holds(items []Item, guid string) bool {
	for _, it := range items {
		if it.GUID == guid {
			return true
		}
	}
	return false
}

// TestCJKIndexFollowsEditsAndDeletes: the bigrams leave the index with
// the text they came from.
func TestCJKIndexFollowsEditsAndDeletes(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	item := document.Item{GUID: "a", Title: "天気予報", Content: "<p>東京の天気は晴れ</p>", Updated: tp(*now)}
	record(t, s, id, *now, docOf(item), 0)
	item.Title, item.Content, item.Updated = "大阪", "<p>大阪の天気は雨</p>", tp(now.Add(time.Hour))
	record(t, s, id, now.Add(time.Hour), docOf(item), 0)
	ftsIntact(t, s.writer)
	for text, want := range map[string]int{"東京": 0, "予報": 0, "大阪の天気": 1, "天気は雨": 1} {
		if n := searchHits(t, s, text); n != want {
			t.Errorf("search %q found %d, want %d", text, n, want)
		}
	}
	if _, err := s.writer.Exec(`DELETE FROM items`); err != nil {
		t.Fatal(err)
	}
	ftsIntact(t, s.writer)
}

// TestCJKIndexRebuiltOnUpgrade: a store indexed before bigrams finds a
// word inside a run once opened by this version.
func TestCJKIndexRebuiltOnUpgrade(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	writeOldDatabase(t, path, func(name string) bool { return strings.HasSuffix(name, "_fts_ngrams.sql") },
		`INSERT INTO feeds (url, title, created_at) VALUES ('http://old.example/feed', 'Old', 0)`,
		`INSERT INTO feed_sync (feed_id) VALUES (1)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:1', '今日のニュース', '<p>東京の天気は晴れ</p>', 0, 0)`,
		// indexed as the version before did: each run one token
		`INSERT INTO items_fts (docid, title, content) VALUES (1, '今日のニュース', ' 東京の天気は晴れ ')`,
	)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open old database: %v", err)
	}
	defer s.Close()
	ftsIntact(t, s.writer)
	for _, text := range []string{"天気", "天気は晴れ", "ニュース", "東京の天気は晴れ"} {
		if n := searchHits(t, s, text); n != 1 {
			t.Errorf("search %q found %d, want 1", text, n)
		}
	}
}

// TestCJKRunTailsAddedOnUpgrade: a store indexed with bigrams alone
// finds the last character of a run once opened by this version.
func TestCJKRunTailsAddedOnUpgrade(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	writeOldDatabase(t, path, func(name string) bool { return strings.HasSuffix(name, "_fts_one_column.sql") },
		`INSERT INTO feeds (url, title, created_at) VALUES ('http://old.example/feed', 'Old', 0)`,
		`INSERT INTO feed_sync (feed_id) VALUES (1)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:1', 'ニュース', '<p>今日は晴天</p>', 0, 0)`,
		// indexed as the version before did: bigrams, no tails
		`INSERT INTO items_fts (docid, title, content) VALUES (1, ' ニュ ュー ース ', ' 今日 日は は晴 晴天 ')`,
	)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open old database: %v", err)
	}
	defer s.Close()
	ftsIntact(t, s.writer)
	for _, text := range []string{"天", "ス", "晴天", "日"} {
		if n := searchHits(t, s, text); n != 1 {
			t.Errorf("search %q found %d, want 1", text, n)
		}
	}
}

// The runs' tails follow the text, so they break no phrase of it: a
// phrase of bigrams and words still finds its words next to each other,
// and a run's last character alone finds it.
func TestCJKRunTailsBreakNoPhrase(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, docOf(document.Item{GUID: "a", Title: "晴天 end", Content: "<p>天気予報 more</p>"}), 0)
	for text, want := range map[string]int{"天気予報 more": 1, "予報more": 1, "気報": 0, "晴天end": 1, "天": 1, "報": 1, "天気": 1} {
		if n := searchHits(t, s, text); n != want {
			t.Errorf("search %q found %d, want %d", text, n, want)
		}
	}
}

func TestFTSQueryOfCJKTerms(t *testing.T) {
	for in, want := range map[string]string{
		"golang":        `"golang*"`,
		"天気":            `"天気"`,
		"東京の天気":         `"東京 京の の天 天気"`,
		"天":             `"天*"`,
		"の発売abc":        `"の発 発売 abc*"`,
		`iPhone15の発売 雨`: `"iPhone15 の発 発売" "雨*"`,
	} {
		if got := ftsQuery(in); got != want {
			t.Errorf("ftsQuery(%q) = %s, want %s", in, got, want)
		}
	}
}
