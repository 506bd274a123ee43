package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

func TestIndexTextIsTheWordsOfTheHTML(t *testing.T) {
	cases := []struct {
		name, html, want string
	}{
		{"plain text unchanged", "just words", "just words"},
		{"tags and attributes dropped", `<div class="note"><a href="http://x.example/p?q=1">link</a> here</div>`, " link here "},
		{"block elements separate words", "<p>alpha</p><p>beta</p>", " alpha  beta "},
		{"inline elements do not", "un<b>believ</b>able", "unbelievable"},
		{"character references decoded", "Tom &amp; Jerry &lt;dialog&gt; caf&eacute; &#8364;", "Tom & Jerry <dialog> café €"},
		{"decoded once", "&amp;lt;", "&lt;"},
		{"comments dropped", "a<!-- hidden words -->b", "ab"},
		{"unclosed comment ends the text", "a<!-- open", "a"},
		{"script and style content dropped", "<script>var x = 1;</script>x<STYLE>p{}</style>y", "  x  y"},
		{"quoted > stays inside the tag", `<img alt="a > b">c`, " c"},
		{"a lone < is text", "1 < 2 and a<", "1 < 2 and a<"},
		{"declarations dropped", "<!DOCTYPE html>t", "t"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := indexText(c.html); got != c.want {
				t.Errorf("indexText(%q) = %q, want %q", c.html, got, c.want)
			}
		})
	}
}

func TestSearchFindsWordsNotMarkup(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, docOf(document.Item{GUID: "a", Title: "Quokka &amp; friends <i>raw</i>",
		Content: `<div class="sidebar"><p>Tom &amp; Jerry went to the caf&eacute;, un<b>believ</b>able.</p>` +
			`<a href="http://tracker.example/path">readmore</a><img src="pic.png" alt="hidden"></div>`}), 0)
	cases := []struct {
		query string
		want  int
	}{
		{"Jerry", 1},
		{"café", 1},
		{"cafe", 1}, // the tokenizer folds diacritics
		{"unbelievable", 1},
		{"readmore", 1},
		{"Quokka", 1},
		{"raw", 1}, // a title is text: its '<' is a character, not a tag
		{"href", 0},
		{"div", 0},
		{"class", 0},
		{"sidebar", 0},
		{"tracker", 0},
		{"pic", 0},
		{"eacute", 0},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			if n := searchHits(t, s, c.query); n != c.want {
				t.Errorf("search %q found %d, want %d", c.query, n, c.want)
			}
		})
	}
	ftsIntact(t, s.writer)
}

func TestFullTextIndexFollowsEditsAndPurgesOfText(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	item := document.Item{GUID: "a", Title: "One", Content: "<p>first <em>aardvark</em></p>"}
	record(t, s, id, *now, docOf(item), 0)
	item.Content = `<p>second <a href="http://b.example/">yak</a></p>`
	record(t, s, id, now.Add(time.Hour), docOf(item), 0)
	ftsIntact(t, s.writer)
	for word, want := range map[string]int{"aardvark": 0, "first": 0, "yak": 1, "second": 1} {
		if n := searchHits(t, s, word); n != want {
			t.Errorf("after an edit, search %q found %d, want %d", word, n, want)
		}
	}
	// A newer item beyond a limit of 1 purges the first one.
	newer := document.Item{GUID: "b", Title: "Two", Content: "<p>walrus</p>", Published: tp(now.Add(3 * time.Hour))}
	item.Published = tp(*now)
	record(t, s, id, now.Add(2*time.Hour), docOf(newer, item), 1)
	ftsIntact(t, s.writer)
	if searchHits(t, s, "yak") != 0 || searchHits(t, s, "walrus") != 1 {
		t.Error("the index does not follow a purge")
	}
}

func TestUpgradeReindexesOldStoresWithoutMarkup(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	// A store as the HTML-indexing tidings left it.
	writeOldDatabase(t, path, func(name string) bool { return strings.HasSuffix(name, "_fts_text.sql") },
		`INSERT INTO feeds (url, title, created_at) VALUES ('http://old.example/feed', 'Old', 0)`,
		`INSERT INTO feed_sync (feed_id) VALUES (1)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:1', 'kept aardvark', '<p class="x">body &amp; one</p>', 0, 0)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:2', 'edited', '<a href="http://z.example/">old zebra</a>', 0, 0)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:3', 'dropped', '<div>gone walrus</div>', 0, 0)`,
	)
	old, err := Open(ctx, path) // fails only if the upgrade does
	if err != nil {
		t.Fatalf("open old database: %v", err)
	}
	defer old.Close()
	ftsIntact(t, old.writer)
	for word, want := range map[string]int{"aardvark": 1, "body": 1, "zebra": 1, "walrus": 1, "href": 0, "class": 0, "div": 0, "amp": 0} {
		if n := searchHits(t, old, word); n != want {
			t.Errorf("after upgrade, search %q found %d, want %d", word, n, want)
		}
	}
	for _, q := range []string{`UPDATE items SET content = '<p>new yak</p>' WHERE id = 2`, `DELETE FROM items WHERE id = 3`} {
		if _, err := old.writer.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	ftsIntact(t, old.writer)
	for word, want := range map[string]int{"zebra": 0, "yak": 1, "walrus": 0, "aardvark": 1} {
		if n := searchHits(t, old, word); n != want {
			t.Errorf("after edits, search %q found %d, want %d", word, n, want)
		}
	}
}
