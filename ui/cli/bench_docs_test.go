package cli

import (
	"bytes"
	"fmt"
	"html"
	"math/rand/v2"
	"strings"
	"time"
)

// farmWords is the vocabulary of the generated articles.
var farmWords = strings.Fields(`the a of and to in is for on with that this as it by from at
	be are was an or not have has which their they more new about than one also can will
	release performance memory database server network kernel compiler garbage collector
	terminal reader feed article podcast episode update security patch version library
	benchmark profile latency throughput request response cache index query transaction
	“quoted” café naïve résumé — – … ’s déjà vu 東京 数据库 Straße`)

// farmDocument is feed i's document holding items from+1 … total, newest
// first: RSS 2.0 with content:encoded for two feeds in three, Atom 1.0
// for the third.
func farmDocument(i, from, total int) []byte {
	var b bytes.Buffer
	b.Grow((total - from) * 4096)
	atom := i%3 == 2
	if atom {
		fmt.Fprintf(&b, `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Farm feed %d</title><id>urn:farm:%d</id>
<link href="https://site%d.example.com/"/><updated>%s</updated><author><name>Publisher %d</name></author>
`, i, i, i, farmPublished(total).Format(time.RFC3339), i)
	} else {
		fmt.Fprintf(&b, `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Farm feed %d</title><link>https://site%d.example.com/</link><description>Generated feed %d</description>
`, i, i, i)
	}
	for n := total; n > from; n-- {
		farmItem(&b, i, n, atom)
	}
	if atom {
		b.WriteString("</feed>\n")
	} else {
		b.WriteString("</channel></rss>\n")
	}
	return b.Bytes()
}

// farmPublished is when item n of a feed was published.
func farmPublished(n int) time.Time { return farmEpoch.Add(time.Duration(n) * time.Hour) }

// farmItem writes item n of feed i.
func farmItem(b *bytes.Buffer, i, n int, atom bool) {
	rng := rand.New(rand.NewPCG(uint64(i), uint64(n)))
	title := html.EscapeString(farmSentence(rng, 4+rng.IntN(6)))
	link := fmt.Sprintf("https://site%d.example.com/posts/%d", i, n)
	body := farmHTML(rng, 2048+rng.IntN(2048))
	when := farmPublished(n)
	if atom {
		fmt.Fprintf(b, `<entry><title>%s</title><id>urn:farm:%d:%d</id><link href="%s"/>
<published>%s</published><updated>%s</updated><category term="topic%d"/>
<summary>%s</summary><content type="html">%s</content></entry>
`, title, i, n, link, when.Format(time.RFC3339), when.Format(time.RFC3339), rng.IntN(50),
			html.EscapeString(farmSentence(rng, 20)), html.EscapeString(body))
		return
	}
	fmt.Fprintf(b, `<item><title>%s</title><link>%s</link><guid isPermaLink="false">farm-%d-%d</guid>
<pubDate>%s</pubDate><dc:creator>Author %d</dc:creator><category>topic%d</category>
<description>%s</description><content:encoded><![CDATA[%s]]></content:encoded></item>
`, title, link, i, n, when.Format(time.RFC1123Z), rng.IntN(20), rng.IntN(50),
		html.EscapeString(farmSentence(rng, 20)), body)
}

// farmHTML is an article of about size bytes with the markup feeds carry:
// headings, paragraphs with links and emphasis, lists, quotes, code,
// images, and the odd thing a sanitizer must remove.
func farmHTML(rng *rand.Rand, size int) string {
	var b strings.Builder
	for b.Len() < size {
		switch rng.IntN(10) {
		case 0:
			fmt.Fprintf(&b, "<h2>%s</h2>\n", farmSentence(rng, 5))
		case 1:
			fmt.Fprintf(&b, "<ul><li>%s</li><li>%s</li><li><a href=\"https://example.org/%d\">%s</a></li></ul>\n",
				farmSentence(rng, 6), farmSentence(rng, 8), rng.IntN(1e6), farmSentence(rng, 3))
		case 2:
			fmt.Fprintf(&b, "<blockquote><p>%s</p></blockquote>\n", farmSentence(rng, 25))
		case 3:
			fmt.Fprintf(&b, "<pre><code>func f(x int) int {\n\treturn x * %d // %s\n}</code></pre>\n", rng.IntN(100), farmSentence(rng, 4))
		case 4:
			fmt.Fprintf(&b, "<p><img src=\"https://cdn.example.net/img/%d.jpg\" alt=\"%s\" width=\"640\" height=\"360\" style=\"border:0\" onload=\"track(%d)\"></p>\n",
				rng.IntN(1e6), farmSentence(rng, 3), rng.IntN(100))
		default:
			fmt.Fprintf(&b, "<p>%s <a href=\"https://example.com/%d?utm_source=feed&amp;id=%d\" title=\"%s\">%s</a>, <em>%s</em> and <strong>%s</strong>. %s</p>\n",
				farmSentence(rng, 15), rng.IntN(1e6), rng.IntN(1e6), farmSentence(rng, 2), farmSentence(rng, 3),
				farmSentence(rng, 3), farmSentence(rng, 2), farmSentence(rng, 20))
		}
	}
	if rng.IntN(20) == 0 {
		b.WriteString(`<script>document.write("tracking")</script><iframe src="https://ads.example.com/"></iframe>`)
	}
	return b.String()
}

// farmSentence is n words of the vocabulary.
func farmSentence(rng *rand.Rand, n int) string {
	words := make([]string, n)
	for k := range words {
		words[k] = farmWords[rng.IntN(len(farmWords))]
	}
	return strings.Join(words, " ")
}
