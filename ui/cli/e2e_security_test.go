package cli

import (
	"database/sql"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileFeed carries script, event handlers, dangerous URLs and terminal
// escape sequences in every field a feed controls.
const hostileFeed = "<?xml version=\"1.0\"?>\n" +
	`<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>` +
	"<title>Evil &#x9B;31m feed \u202e<![CDATA[<script>alert(1)</script>]]></title>" +
	`<link>javascript:alert(1)</link>` +
	"<item><title>Clipboard \u009d52;c;ZXZpbA==\u0007 grab &lt;img src=x onerror=alert(1)&gt;</title>" +
	`<link>javascript:alert(document.cookie)</link>` +
	"<dc:creator>Mallory \u009b2J</dc:creator>" +
	`<category>&lt;b onmouseover="x()"&gt;cat&lt;/b&gt;</category>` +
	`<guid>evil-1</guid>` +
	`<content:encoded><![CDATA[<p onclick="steal()">Hi</p><script>alert(1)</script>` +
	`<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a>` +
	`<iframe src="http://evil.example/"></iframe><object data="x.swf"></object><embed src="x.swf">` +
	`<form action="http://evil.example/"><input name="p"></form><meta http-equiv="refresh" content="0">` +
	`<base href="http://evil.example/"><link rel="stylesheet" href="http://evil.example/x.css">` +
	`<div style="background:url(javascript:alert(1))">styled</div><style>body{}</style>` +
	"<p>\u009b31mred\u202eevil\u2066</p>" +
	`<a href="vbscript:msgbox(1)">vb</a><img src="data:text/html;base64,PHNjcmlwdD4=">]]></content:encoded>` +
	`</item></channel></rss>`

// forbidden are the constructs that must not survive into the store.
var forbidden = []string{"<script", "onerror", "onclick", "onmouseover", "javascript:", "vbscript:",
	"<iframe", "<object", "<embed", "<form", "<meta", "<base", "<link", "style=", "<style", "data:text/html"}

func TestNoScriptHandlerOrEscapeSequenceReachesTheStore(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.set("/evil", []byte(hostileFeed))
	id := u.add(srv.URL + "/evil")
	u.ok("sync", "--feed", id)

	items := u.items()
	if len(items) != 1 {
		t.Fatalf("%d items, want 1", len(items))
	}
	if items[0]["link"] != "" {
		t.Errorf("link %q stored, want a javascript: link dropped", items[0]["link"])
	}
	// HTML fields and links keep nothing live. Text fields are text: what
	// the feed gave as text keeps its characters, '<' included (it is never
	// read as HTML again); what it gave as HTML is reduced to its text.
	it := items[0]
	html := strings.ToLower(fmt.Sprint(it["content"], it["summary"], it["link"], it["enclosures"]))
	for _, bad := range forbidden {
		if strings.Contains(html, bad) {
			t.Errorf("%q reached the store's HTML", bad)
		}
	}
	expectFields(t, "hostile item", it, map[string]any{
		"title":  "Clipboard 52;c;ZXZpbA== grab <img src=x onerror=alert(1)>",
		"author": "Mallory ›2J",
	})
	if cats := fmt.Sprint(it["categories"]); cats != "[cat]" {
		t.Errorf("categories = %s, want the text of the HTML category: [cat]", cats)
	}
	if title := u.feeds()[0]["title"]; title != "Evil ›31m feed <script>alert(1)</script>" {
		t.Errorf("feed title = %q", title)
	}
	stored := u.ok("items", "--json") + u.ok("feeds", "--json")
	for _, r := range []string{`\u001b`, `\u009b`, `\u009d`, `\u0007`, `\u202e`, `\u2066`, "\u009b", "\u202e", "\x1b", "\u009d"} {
		if strings.Contains(stored, r) {
			t.Errorf("control %q reached the store", r)
		}
	}
	if !strings.Contains(stored, "Hi") || !strings.Contains(stored, "styled") {
		t.Errorf("harmless text was lost: %s", stored)
	}
	// No text column of the database holds an escape, C1 or bidi control.
	db, err := sql.Open("sqlite3", filepath.Join(u.home, "data", "tidings", "tidings.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	err = db.QueryRow(`SELECT count(*) FROM items i JOIN feeds f ON f.id = i.feed_id,
		(SELECT char(27) AS c UNION SELECT char(155) UNION SELECT char(157) UNION SELECT char(7) UNION SELECT char(8238))
		WHERE instr(i.title || i.content || i.summary || i.author || i.link || i.guid || i.categories ||
		            f.title || f.description || f.site_url, c) > 0`).Scan(&n)
	if err != nil || n != 0 {
		t.Fatalf("%d stored texts hold a control character (%v)", n, err)
	}
}

// TestBadInputGetsOneLineAndChangesNothing feeds tidings each kind of bad
// input and checks the error is one clear line and the store is unchanged.
func TestBadInputGetsOneLineAndChangesNothing(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/good", "rss20.xml")
	srv.set("/page", []byte("<!doctype html><html><head><title>Just a page</title></head><body>hi</body></html>"))
	srv.set("/broken", []byte(`<?xml version="1.0"?><rss version="2.0"><channel><title>Broken</title><item><title>x</ti`))
	id := u.add(srv.URL + "/good")
	u.ok("sync", "--feed", id)
	before := u.ok("feeds", "--json") + u.ok("items", "--json")

	broken := filepath.Join(u.home, "broken.opml")
	os.WriteFile(broken, []byte(`<?xml version="1.0"?><opml version="2.0"><body><outline text="A"`), 0o644)
	closed := closedPort(t)

	cases := []struct {
		name string
		args []string
		code int
		says string
	}{
		{"not http", []string{"add", "ftp://example.com/feed"}, 1, "http"},
		{"unreachable host", []string{"add", "http://" + closed + "/feed"}, 1, "refused"},
		{"page that is not a feed", []string{"add", srv.URL + "/page"}, 1, "not an RSS or Atom feed"},
		{"unparsable XML", []string{"add", srv.URL + "/broken"}, 1, "invalid feed"},
		{"404", []string{"add", srv.URL + "/missing"}, 1, "404"},
		{"duplicate", []string{"add", srv.URL + "/good"}, 1, "already subscribed"},
		{"unknown feed id", []string{"sync", "--feed", "999"}, 2, "no feed"},
		{"unknown feed url", []string{"remove", "http://nope.example/"}, 2, "no feed"},
		{"unknown item", []string{"mark", "read", "424242"}, 2, "not found"},
		{"bad item id", []string{"mark", "read", "abc"}, 2, "not an item id"},
		{"broken OPML", []string{"import", broken}, 1, "invalid OPML"},
		{"missing OPML", []string{"import", filepath.Join(u.home, "nope.opml")}, 1, "no such file"},
		{"bad setting", []string{"set", id, "max-items=lots"}, 2, "max-items"},
		{"unknown setting", []string{"set", id, "colour=red"}, 2, "unknown key"},
		{"unknown flag", []string{"feeds", "--colour"}, 2, "unknown flag"},
		{"unknown command", []string{"frobnicate"}, 2, "frobnicate"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := u.run(tc.args...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", r.code, tc.code, r.stderr)
			}
			msg := strings.TrimRight(r.stderr, "\n")
			if msg == "" || strings.Contains(msg, "\n") || !strings.Contains(strings.ToLower(msg), strings.ToLower(tc.says)) {
				t.Errorf("stderr %q, want one line saying %q", r.stderr, tc.says)
			}
		})
	}
	if after := u.ok("feeds", "--json") + u.ok("items", "--json"); after != before {
		t.Fatalf("bad input changed the store")
	}
}

func TestBadConfigStopsEverythingWithKeyAndLine(t *testing.T) {
	u := newUser(t)
	u.writeConfig("default_interval = 60\n\n[sync]\ndownload_threads = 99\n")
	r := u.run("feeds")
	if r.code != 2 || !strings.Contains(r.stderr, "sync.download_threads") || !strings.Contains(r.stderr, ":4") {
		t.Fatalf("exit %d, stderr %q; want 2 naming sync.download_threads on line 4", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(u.home, "data", "tidings", "tidings.db")); err == nil {
		t.Fatal("a bad config still created the database")
	}
}

// closedPort returns a loopback address where nothing listens.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}
