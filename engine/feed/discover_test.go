package feed

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// mustURL parses an absolute URL for a test.
func mustURL(t *testing.T, s string) weburl.URL {
	t.Helper()
	u, err := weburl.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// discovered is what Discover finds, as strings.
func discovered(base weburl.URL, page string) []string {
	var out []string
	for _, u := range Discover(base, []byte(page)) {
		out = append(out, u.String())
	}
	return out
}

func TestDiscoverFeedsNotAFeedPage(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "notafeed.html"))
	if err != nil {
		t.Fatal(err)
	}
	got := discovered(mustURL(t, "https://gophernotes.example/2024/01/etags/"), string(page))
	want := []string{"https://gophernotes.example/feed.xml"}
	if !slices.Equal(got, want) {
		t.Fatalf("Discover(notafeed.html) = %q, want %q", got, want)
	}
}

func TestDiscoverFeeds(t *testing.T) {
	const base = "https://example.com/blog/post.html"
	tests := []struct {
		name string
		base string // "" for the zero URL
		page string
		want []string
	}{
		{"relative href", base,
			`<link rel="alternate" type="application/rss+xml" href="feed.xml">`,
			[]string{"https://example.com/blog/feed.xml"}},
		{"root-relative and protocol-relative", base,
			`<link rel="alternate" type="application/rss+xml" href="/rss">
			 <link rel="alternate" type="application/atom+xml" href="//feeds.example.org/atom">`,
			[]string{"https://example.com/rss", "https://feeds.example.org/atom"}},
		{"all three formats in page order", base,
			`<link rel="alternate" type="application/atom+xml" href="/atom.xml">
			 <link rel="alternate" type="application/rdf+xml" href="/index.rdf">
			 <link rel="alternate" type="application/rss+xml" href="/rss.xml">`,
			[]string{"https://example.com/atom.xml", "https://example.com/index.rdf", "https://example.com/rss.xml"}},
		{"base href", base,
			`<head><base href="https://cdn.example.net/site/"><link rel="alternate" type="application/rss+xml" href="rss.xml"></head>`,
			[]string{"https://cdn.example.net/site/rss.xml"}},
		{"relative base href", base,
			`<base href="/news/"><link rel="alternate" type="application/rss+xml" href="rss.xml">`,
			[]string{"https://example.com/news/rss.xml"}},
		{"first base wins, even after the link", base,
			`<link rel="alternate" type="application/rss+xml" href="rss.xml">
			 <base href="https://one.example/"><base href="https://two.example/">`,
			[]string{"https://one.example/rss.xml"}},
		{"base without href is skipped", base,
			`<base target="_blank"><base href="/b/"><link rel="alternate" type="application/rss+xml" href="rss">`,
			[]string{"https://example.com/b/rss"}},
		{"non-http schemes dropped", base,
			`<link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
			 <link rel="alternate" type="application/rss+xml" href=" JavaScript:alert(1)">
			 <link rel="alternate" type="application/rss+xml" href="data:application/rss+xml,<rss/>">
			 <link rel="alternate" type="application/rss+xml" href="ftp://example.com/feed">
			 <link rel="alternate" type="application/rss+xml" href="feed://example.com/feed">
			 <link rel="alternate" type="application/rss+xml" href="http:///nohost">
			 <link rel="alternate" type="application/rss+xml" href="http://example.com/ok">`,
			[]string{"http://example.com/ok"}},
		{"duplicates", base,
			`<link rel="alternate" type="application/rss+xml" href="/feed">
			 <link rel="alternate" type="application/atom+xml" href="https://example.com/feed">
			 <link rel="alternate" type="application/rss+xml" href="/feed#top">
			 <link rel="alternate" type="application/rss+xml" href="/feed2">`,
			[]string{"https://example.com/feed", "https://example.com/feed2"}},
		{"rel list and case", base,
			`<link rel="alternate feed" type="application/rss+xml" href="/a">
			 <LINK REL="ALTERNATE" TYPE="APPLICATION/ATOM+XML" HREF="/b">
			 <link rel="feed" type="application/rss+xml" href="/c">
			 <link rel="alternate stylesheet" type="text/css" href="/d.css">
			 <link rel="stylesheet" type="application/rss+xml" href="/e">`,
			[]string{"https://example.com/a", "https://example.com/b"}},
		{"type parameters and spacing", base,
			`<link rel="alternate" type=" application/rss+xml; charset=UTF-8 " href="/a">
			 <link rel="alternate" type="application/atom+xml;type=feed" href="/b">`,
			[]string{"https://example.com/a", "https://example.com/b"}},
		{"JSON Feed counts, plain JSON does not", base,
			`<link rel="alternate" type="application/json" href="/data.json">
			 <link rel="alternate" type="application/feed+json" href="/feed.json">`,
			[]string{"https://example.com/feed.json"}},
		{"other types skipped", base,
			`<link rel="alternate" type="application/json" href="/feed.json">
			 <link rel="alternate" type="text/html" hreflang="fr" href="/fr/">
			 <link rel="alternate" href="/untyped">
			 <link rel="alternate" type="application/rss+xml">
			 <link rel="alternate" type="application/rss+xml" href="  ">`,
			nil},
		{"self-closing, entities and whitespace", base,
			`<link rel="alternate" type="application/rss+xml" href="  /feed?a=1&amp;b=2  " />`,
			[]string{"https://example.com/feed?a=1&b=2"}},
		{"link in body counts", base,
			`<html><body><p>x</p><link rel="alternate" type="application/rss+xml" href="/late"></body></html>`,
			[]string{"https://example.com/late"}},
		{"script, comment and textarea are not markup", base,
			`<script>var s = '<link rel="alternate" type="application/rss+xml" href="/js">';</script>
			 <!-- <link rel="alternate" type="application/rss+xml" href="/comment"> -->
			 <textarea><link rel="alternate" type="application/rss+xml" href="/text"></textarea>`,
			nil},
		{"no base keeps absolute hrefs", "",
			`<link rel="alternate" type="application/rss+xml" href="https://example.org/rss">
			 <link rel="alternate" type="application/rss+xml" href="/relative">`,
			[]string{"https://example.org/rss"}},
		{"no links", base, `<html><head><title>t</title></head><body>hi</body></html>`, nil},
		{"empty page", base, ``, nil},
		{"not html at all", base, "\x00\xff<<<>>>\x1b[2J", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b weburl.URL
			if tt.base != "" {
				b = mustURL(t, tt.base)
			}
			got := discovered(b, tt.page)
			if !slices.Equal(got, tt.want) || (tt.want == nil && got != nil) {
				t.Fatalf("Discover = %q, want %q", got, tt.want)
			}
		})
	}
}

// alternates is n <link rel="alternate"> elements, the i-th announcing
// href(i).
func alternates(n int, href func(int) string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `<link rel="alternate" type="application/rss+xml" href="%s">`, href(i))
	}
	return b.String()
}

// TestDiscoverTakesTheFirstAlternates checks that a page announcing
// 200,000 feeds yields its first MaxAlternates, deduplicated in one pass
// (the same feed announced 200,000 times is one).
func TestDiscoverTakesTheFirstAlternates(t *testing.T) {
	base := mustURL(t, "https://example.com/")
	got := discovered(base, alternates(200000, func(i int) string { return fmt.Sprintf("/feed%d", i) }))
	var want []string
	for i := range MaxAlternates {
		want = append(want, fmt.Sprintf("https://example.com/feed%d", i))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Discover = %q, want %q", got, want)
	}
	same := alternates(200000, func(i int) string { return []string{"/f", "https://example.com/f", "/f#x"}[i%3] })
	if got := discovered(base, same+alternates(1, func(int) string { return "/g" })); !slices.Equal(got, []string{"https://example.com/f"}) {
		t.Fatalf("Discover = %q, want the one feed announced before the bound", got)
	}
	dups := alternates(MaxAlternates, func(int) string { return "/f" }) + alternates(2, func(i int) string { return fmt.Sprint("/g", i) })
	if got := discovered(base, dups); !slices.Equal(got, []string{"https://example.com/f", "https://example.com/g0", "https://example.com/g1"}) {
		t.Fatalf("Discover = %q: duplicates count against the bound", got)
	}
}

// TestDiscoverReadsHTMLWithHTMLsBounds checks that a page is read as HTML
// (hundreds of unclosed void elements are nothing) within bounds of
// HTML's kind: its first maxPageBytes, one token's maxTokenBytes, and
// hrefs and base values weburl accepts.
func TestDiscoverReadsHTMLWithHTMLsBounds(t *testing.T) {
	base := mustURL(t, "https://example.com/blog/")
	link := alternates(1, func(int) string { return "/feed" })
	tests := []struct {
		name string
		page string
		want []string
	}{
		{"unclosed void and paragraph elements", "<html><head>" + strings.Repeat("<meta charset=utf-8><br><p>", 5000) + link,
			[]string{"https://example.com/feed"}},
		{"after maxPageBytes", "<html>" + strings.Repeat("x", maxPageBytes) + link, nil},
		{"after a token longer than maxTokenBytes", "<html><!--" + strings.Repeat("x", maxTokenBytes) + "-->" + link, nil},
		{"controls, bidi and spaces in hrefs", alternates(4, func(i int) string {
			return []string{"/a[2Jb", "/a‮b", "/a b", "https://example.com/" + strings.Repeat("a", weburl.MaxLen)}[i]
		}) + link, []string{"https://example.com/feed"}},
		{"a base weburl refuses is ignored", `<base href="javascript:alert(1)//">` + link, []string{"https://example.com/feed"}},
		{"a base with a control is ignored", "<base href=\"https://evil.example/\x07\">" + link, []string{"https://example.com/feed"}},
		{"an internationalised host is normalised", `<link rel="alternate" type="application/rss+xml" href="https://bücher.example/f">`,
			[]string{"https://xn--bcher-kva.example/f"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := discovered(base, tt.page); !slices.Equal(got, tt.want) {
				t.Fatalf("Discover = %q, want %q", got, tt.want)
			}
		})
	}
}

// BenchmarkDiscover reads a page of 200,000 announced feeds.
func BenchmarkDiscover(b *testing.B) {
	page := []byte(alternates(200000, func(i int) string { return fmt.Sprintf("/feed%d", i) }))
	base, _ := weburl.Parse("https://example.com/")
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		if got := Discover(base, page); len(got) != MaxAlternates {
			b.Fatalf("%d feeds", len(got))
		}
	}
}

func TestAnnouncementsKeepTypeAndTitle(t *testing.T) {
	page := `<html><head>
	<link rel="alternate" type="application/RSS+xml; charset=utf-8" href="/posts.rss" title="  Posts ">
	<link rel="alternate" type="application/atom+xml" href="/comments.atom">
	<link rel="alternate" type="application/feed+json" href="/posts.json" title="` + strings.Repeat("é", 300) + `">
	</head></html>`
	got := Announcements(weburl.MustParse("https://blog.test/"), []byte(page))
	if len(got) != 3 {
		t.Fatalf("got %d feeds, want 3: %+v", len(got), got)
	}
	want := []Announced{
		{URL: weburl.MustParse("https://blog.test/posts.rss"), Type: "application/rss+xml", Title: "Posts"},
		{URL: weburl.MustParse("https://blog.test/comments.atom"), Type: "application/atom+xml"},
		{URL: weburl.MustParse("https://blog.test/posts.json"), Type: "application/feed+json", Title: strings.Repeat("é", 100)},
	}
	for i := range want {
		if got[i].URL.String() != want[i].URL.String() || got[i].Type != want[i].Type || got[i].Title != want[i].Title {
			t.Errorf("feed %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
