package feed

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tidings-rss/tidings/sanitize"
)

// TestParseTitlesAsText checks the titles' contract end to end: the parser
// returns text that sanitize.Text (what Clean applies) leaves right, for
// every title flavour (RSS, Atom text/html/xhtml, Atom 0.3). Text that
// only looks like markup is covered by TestTitlesStayText.
func TestParseTitlesAsText(t *testing.T) {
	const (
		atom10 = `<feed xmlns="http://www.w3.org/2005/Atom">`
		atom03 = `<feed version="0.3" xmlns="http://purl.org/atom/ns#">`
	)
	rss := func(title string) string {
		return `<rss version="2.0"><channel><title>C</title><item><title>` + title + `</title></item></channel></rss>`
	}
	entry := func(feedOpen, title string) string {
		return feedOpen + `<title>F</title><entry>` + title + `</entry></feed>`
	}
	tests := []struct {
		name, body string
		feed       bool // check the feed's title, else the first item's
		want       string
	}{
		{"rss entities", rss(`AT&amp;T &lt;3 Go`), false, "AT&T <3 Go"},
		{"rss escaped markup", rss(`&lt;b&gt;bold&lt;/b&gt; move`), false, "bold move"},
		{"rss cdata", rss(`<![CDATA[Fish & Chips <3]]>`), false, "Fish & Chips <3"},
		{"atom text default", entry(atom10, `<title>Fish &amp; Chips &lt;3</title>`), false, "Fish & Chips <3"},
		{"atom text explicit", entry(atom10, `<title type="text">1 &lt; 2 &amp;&amp; 3 &gt; 2</title>`), false, "1 < 2 && 3 > 2"},
		{"atom html", entry(atom10, `<title type="html">Booster &lt;em&gt;lands&lt;/em&gt;</title>`), false, "Booster lands"},
		{"atom xhtml", entry(atom10, `<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">R&amp;D <b>wins</b></div></title>`),
			false, "R&D wins"},
		{"atom feed title text", atom10 + `<title type="text">R&amp;D &lt;3</title></feed>`, true, "R&D <3"},
		{"atom 0.3 escaped html feed title", atom03 + `<title mode="escaped" type="text/html">Field &amp;amp; Stream</title></feed>`,
			true, "Field & Stream"},
		{"atom 0.3 text/plain title", entry(atom03, `<title type="text/plain">1 &lt; 2</title>`), false, "1 < 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, tt.body)
			got := doc.Title
			if !tt.feed {
				if len(doc.Items) != 1 {
					t.Fatalf("got %d items, want 1", len(doc.Items))
				}
				got = doc.Items[0].Title
			}
			if got = sanitize.Text(got); got != tt.want {
				t.Errorf("sanitize.Text(title) = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestParseAtom10FixtureTitles runs atom10.xml's titles through
// sanitize.Text: its HTML title comes out as text.
func TestParseAtom10FixtureTitles(t *testing.T) {
	body, err := os.ReadFile(filepath.Join(fixtureDir, "atom10.xml"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parseBody(body, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := sanitize.Text(doc.Title); got != "Orbital Log" {
		t.Errorf("feed title = %q", got)
	}
	want := []string{"Booster lands on the drone ship", "Weather scrub", "Payload fairing, explained"}
	for i, w := range want {
		if got := sanitize.Text(doc.Items[i].Title); got != w {
			t.Errorf("item %d title = %q, want %q", i, got, w)
		}
	}
}
