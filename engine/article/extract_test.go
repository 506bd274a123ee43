package article

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/sanitize"
)

// articlePages are the realistic pages of testdata/articles: each is
// served with a Content-Type and from an address, and its extracted text
// must equal the .txt file beside it. absent is what surrounds the
// article (navigation, ads, related links, comments, scripts) and must
// not be kept; present are addresses the article must hold, absolute.
var articlePages = []struct {
	file, contentType, url string
	title, byline          string
	absent, present        []string
}{
	{
		file: "news.html", contentType: "text/html; charset=utf-8",
		url:   "https://www.valley.example/news/2026/10/tram.html",
		title: "River town votes to restore its old tram line", byline: "Marta Lindqvist",
		absent: []string{"Subscribe for 1 euro", "Cheap flights", "Related stories", "Bridge repairs",
			"My grandfather drove", "Post comment", "All rights reserved", "We use cookies", "dataLayer",
			"dataset.src", "javascript:", "data:image"},
		present: []string{`src="https://www.valley.example/images/2026/tram-depot.jpg"`, // the lazy image
			`href="https://www.valley.example/documents/tram-report-2026.pdf"`,
			`href="https://www.valley.example/news/2026/2025/03/tram-first-proposal.html"`, "<table>", "<th>"},
	},
	{
		file: "blog-code.html", contentType: "text/html",
		url:   "https://tomasz.example.com/2026/11/bounding-a-parser",
		title: "Bounding a parser before it runs", byline: "Tomasz Wrona",
		absent: []string{"About me", "Archives", "September 2026", "Leave a Reply", `alert("tracking")`, "comment-reply",
			"background: #eee"},
		present: []string{`src="https://cdn.example.org/blog/2026/images/token-budget.png"`, // against <base>
			`href="https://cdn.example.org/blog/2026/notes/tokenizer.html"`, "<pre><code>",
			"if depth &gt; maxDepth || elements &gt; maxElements {"},
	},
	{
		file: "latin1.html", contentType: "text/html", // the charset only in <meta>
		url:    "http://citypages.example/food/cafe-culture",
		title:  "Café culture in the old quarter",
		absent: []string{"Home", "Travel", "© 2026 City Pages"},
	},
}

func TestExtractRealisticPages(t *testing.T) {
	for _, p := range articlePages {
		t.Run(p.file, func(t *testing.T) {
			body := readPage(t, p.file)
			a, err := Extract(body, p.contentType, p.url)
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			want, err := os.ReadFile(filepath.Join("..", "..", "testdata", "articles", strings.TrimSuffix(p.file, ".html")+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			if got := pageText(a.HTML); got != string(want) {
				t.Errorf("extracted text differs from %s.txt:\n%s", strings.TrimSuffix(p.file, ".html"), lineDiff(string(want), got))
			}
			for _, s := range p.absent {
				if strings.Contains(a.HTML, s) {
					t.Errorf("the article keeps %q, which is not the article's", s)
				}
			}
			for _, s := range p.present {
				if !strings.Contains(a.HTML, s) {
					t.Errorf("the article lacks %s", s)
				}
			}
			if a.Title != p.title || a.Byline != p.byline {
				t.Errorf("title %q byline %q, want %q and %q", a.Title, a.Byline, p.title, p.byline)
			}
			if a.Words != Words(a.HTML) || a.Words < 150 {
				t.Errorf("Words = %d, Words(HTML) = %d", a.Words, Words(a.HTML))
			}
			checkStorable(t, a.HTML)
		})
	}
}

// A page whose declared charset lies, or names nothing known, still reads
// as text: a UTF-8 label over Windows-1252 bytes reads those bytes as
// Windows-1252, a <meta> saying UTF-16 over 8-bit text is UTF-8, an
// unknown label is ignored, and the HTTP charset wins over the <meta>.
func TestExtractHonoursAndSurvivesCharsets(t *testing.T) {
	para := "<p>" + strings.Repeat("The caf\xe9 on the corner serves coffee all day long. ", 20) + "</p>"
	utf8Para := strings.ReplaceAll(para, "\xe9", "é")
	tests := []struct {
		name, contentType, body string
	}{
		{"HTTP says UTF-8, bytes are Windows-1252", "text/html; charset=utf-8", page("", para)},
		{"meta says windows-1252", "text/html", page(`<meta charset="windows-1252">`, para)},
		{"meta http-equiv says iso-8859-1", "text/html", page(`<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">`, para)},
		{"HTTP charset wins over meta", "text/html; charset=windows-1252", page(`<meta charset="utf-8">`, para)},
		{"meta says UTF-16 over 8-bit UTF-8", "text/html", page(`<meta charset="utf-16">`, utf8Para)},
		{"unknown label", "text/html", page(`<meta charset="x-no-such-charset">`, utf8Para)},
		{"BOM wins over a lying HTTP charset", "text/html; charset=windows-1252", "\xEF\xBB\xBF" + page("", utf8Para)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Extract([]byte(tt.body), tt.contentType, "https://example.com/a")
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			if !strings.Contains(a.HTML, "The café on the corner") {
				t.Errorf("the text is not read right: %.120q", a.HTML)
			}
			checkStorable(t, a.HTML)
		})
	}
}

// Hostile pages end in one error of one line, before readability sees
// what is past the bounds.
func TestExtractRefusesHostilePages(t *testing.T) {
	para := "<p>" + strings.Repeat("Words enough to be an article. ", 40) + "</p>"
	tests := []struct {
		name, contentType, body string
		want                    error
	}{
		{"huge", "text/html", page("", para+strings.Repeat("<p>padding</p>", MaxPageBytes/14+1)), ErrTooLarge},
		{"too many elements", "text/html", page("", para+strings.Repeat("<br>", MaxElements+1)), ErrTooLarge},
		{"too many tokens", "text/html", page("", para+strings.Repeat("<!---->", MaxTokens+1)), ErrTooLarge},
		{"deeply nested", "text/html", page("", strings.Repeat("<div>", MaxDepth+1)+para), ErrTooLarge},
		{"deeply nested inline", "text/html", page("", strings.Repeat("<span><b>", 200)+para), ErrTooLarge},
		{"an endless token", "text/html", page("", para+"<p title=\""+strings.Repeat("x", maxTokenBytes+1)+"\">"), ErrTooLarge},
		{"a feed at a page's address", "application/rss+xml", `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>` + para + `</channel></rss>`, ErrNotAPage},
		{"a feed served as HTML", "text/html", `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><content>` + para + `</content></entry></feed>`, ErrNotAPage},
		{"an image", "image/png", "\x89PNG\r\n\x1a\n" + para, ErrNotAPage},
		{"JSON", "application/json", `{"html": "` + para + `"}`, ErrNotAPage},
		{"nothing", "text/html", "", ErrNoArticle},
		{"scripts only", "text/html", page("<script>document.write('"+para+"')</script>", "<script>alert(1)</script><noscript></noscript>"), ErrNoArticle},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Extract([]byte(tt.body), tt.contentType, "https://example.com/a")
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if s := err.Error(); strings.ContainsAny(s, "\r\n") || sanitize.Terminal(s) != s || len(s) > 200 {
				t.Errorf("the error is not one short clean line: %q", s)
			}
		})
	}
}

// Pages written the way HTML allows — paragraphs, list items and table
// cells left open by the thousand — are not mistaken for deep nesting.
func TestLimitsAcceptOrdinaryHTML(t *testing.T) {
	var b strings.Builder
	b.WriteString("<table>")
	for range 2000 {
		b.WriteString("<tr><td>cell<td>cell")
	}
	b.WriteString("</table><ul>")
	for range 2000 {
		b.WriteString("<li>item<p>para")
	}
	b.WriteString("</ul>")
	for range 2000 {
		b.WriteString("<p>an unclosed paragraph of an old page<br>")
	}
	if err := checkLimits([]byte(page("", b.String()))); err != nil {
		t.Fatalf("an ordinary page was refused: %v", err)
	}
	if _, err := Extract([]byte(page("", b.String())), "text/html", "https://example.com/a"); errors.Is(err, ErrTooLarge) {
		t.Fatalf("an ordinary page was refused after its parse: %v", err)
	}
}

// Active content, addresses that are not http(s) and terminal controls
// never survive extraction: the result is what sanitize.HTML keeps.
func TestExtractedArticleIsWhatThePolicyKeeps(t *testing.T) {
	para := strings.Repeat("A sentence that makes this a real article for the scorer. ", 12)
	body := page(`<script>evil()</script><style>p{}</style>`, `<article><h1>T</h1>
<p onclick="evil()" style="color:red">`+para+`<a href="javascript:evil()">click</a> <a href="data:text/html,x">data</a></p>
<p>`+para+`<img src="x" onerror="evil()"><iframe src="https://evil.example/"></iframe>
<form action="/steal"><input name="pw"></form><svg><script>evil()</script></svg>
<a href="vbscript:x">vb</a> ESC:`+"\x1b]52;c;cHduZWQ=\x07 C1:\u009b2J bidi:\u202e text\u0085"+`</p>
<p>`+para+`<object data="x.swf"></object><embed src="x.swf"><math><mi>x</mi></math></p></article>`)
	a, err := Extract([]byte(body), "text/html", "https://example.com/a")
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	checkStorable(t, a.HTML)
	for _, s := range []string{"evil", "javascript:", "data:", "vbscript:", "<iframe", "<form", "<object", "<embed", "style=", "onclick", "onerror"} {
		if strings.Contains(a.HTML, s) {
			t.Errorf("the article keeps %q", s)
		}
	}
}

// checkStorable fails t unless html is what the store may keep: the
// policy's fixed point, no terminal control, no script by a tokenizer.
func checkStorable(t *testing.T, html string) {
	t.Helper()
	if sanitize.HTML(html) != html {
		t.Errorf("sanitize.HTML changes the article: it was not sanitized as feed content is")
	}
	if sanitize.Terminal(html) != html {
		t.Errorf("the article holds a terminal control")
	}
	if live := liveMarkup(html); live != "" {
		t.Errorf("the article holds live markup: %s", live)
	}
}

// page is an HTML document with head and body parts.
func page(head, body string) string {
	return "<!DOCTYPE html><html><head><title>T</title>" + head + "</head><body>" + body + "</body></html>"
}

func readPage(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "articles", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// lineDiff shows the lines of got that differ from want.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("line " + itoa(i+1) + ":\n  want " + wl + "\n  got  " + gl + "\n")
		}
	}
	return b.String()
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
