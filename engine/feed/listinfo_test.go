package feed

import (
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
)

const wishList = `<?xml version="1.0"?>
<rss version="2.0" xmlns:cf="http://www.microsoft.com/schemas/rss/core/2005" xmlns:book="urn:books">
<channel><title>Wish list</title><link>http://example.com/</link>
<cf:treatAs>list</cf:treatAs>
<cf:listinfo>
  <cf:sort label="Relevance" default="true"/>
  <cf:sort ns="urn:books" element="price" label="Price" data-type="number"/>
  <cf:sort ns="urn:books" element="firstedition" label="First edition" data-type="date"/>
  <cf:sort element="title" label="Title"/>
  <cf:group ns="urn:books" element="genre" label="Genre"/>
</cf:listinfo>
<item><title>Dune</title><guid>1</guid><book:price>$1,299.50</book:price>
  <book:firstedition>Sun, 01 Aug 1965 00:00:00 GMT</book:firstedition><book:genre>Science fiction</book:genre></item>
<item><title>Emma &amp; co</title><guid>2</guid><book:price>12</book:price>
  <book:firstedition>1815-12-23T00:00:00Z</book:firstedition><book:genre>Novel</book:genre></item>
<item><title>Undated</title><guid>3</guid><book:price>n/a</book:price></item>
</channel></rss>`

func TestListInfoIsKeptWithEachItemsValues(t *testing.T) {
	doc, err := Parse(strings.NewReader(wishList))
	if err != nil {
		t.Fatal(err)
	}
	Clean(doc, "http://example.com/feed")
	li := doc.ListInfo
	if !doc.IsList || li == nil || len(li.Sorts) != 4 || len(li.Groups) != 1 {
		t.Fatalf("list info %+v", li)
	}
	price, edition, title, genre := li.Sorts[1], li.Sorts[2], li.Sorts[3], li.Groups[0]
	if !li.Sorts[0].Default || li.Sorts[0].Element != "" || price.DataType != document.ListNumber ||
		edition.DataType != document.ListDate || title.DataType != document.ListText || genre.Label != "Genre" {
		t.Errorf("sorts %+v groups %+v", li.Sorts, li.Groups)
	}
	for _, tc := range []struct {
		item int
		key  string
		want string
	}{
		{0, price.Key(), "1299.5"},
		{0, edition.Key(), "1965-08-01T00:00:00Z"},
		{0, genre.Key(), "Science fiction"},
		{1, title.Key(), "Emma & co"},
		{1, edition.Key(), "1815-12-23T00:00:00Z"},
		{2, price.Key(), ""}, // not a number: no value, sorted last
		{2, genre.Key(), ""},
	} {
		if got := doc.Items[tc.item].ListValues[tc.key]; got != tc.want {
			t.Errorf("item %d %s = %q, want %q", tc.item, tc.key, got, tc.want)
		}
	}
}

func TestListInfoInAtomAndNotInTheInternalNamespace(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		sorts      int
	}{
		{"atom", `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:x="https://www.microsoft.com/schemas/rss/core/2005">
			<title>A</title><x:treatAs>list</x:treatAs><x:listinfo><x:sort element="rank" label="Rank" data-type="number"/></x:listinfo>
			<entry><id>e1</id><title>One</title><rank>3</rank></entry></feed>`, 1},
		{"cfi is internal", `<rss version="2.0" xmlns:cfi="http://www.microsoft.com/schemas/rss/core/2005/internal"><channel><title>T</title>
			<cfi:listinfo><cfi:sort element="title" label="Title"/></cfi:listinfo><item><title>a</title></item></channel></rss>`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Parse(strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			got := 0
			if doc.ListInfo != nil {
				got = len(doc.ListInfo.Sorts)
			}
			if got != tc.sorts {
				t.Errorf("%d sorts, want %d", got, tc.sorts)
			}
		})
	}
}

func TestItunesDuration(t *testing.T) {
	body := `<rss version="2.0" xmlns:itunes="http://www.itunes.com/DTDs/PodCast-1.0.dtd"><channel><title>Pod</title>
		<item><title>Ep 2</title><guid>2</guid><itunes:duration>1:02:03</itunes:duration></item>
		<item><title>Ep 1</title><guid>1</guid><itunes:duration>3600</itunes:duration></item></channel></rss>`
	doc, err := Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	Clean(doc, "http://example.com/pod")
	if doc.Items[0].DurationSeconds != 3723 || doc.Items[1].DurationSeconds != 3600 {
		t.Errorf("durations %d, %d", doc.Items[0].DurationSeconds, doc.Items[1].DurationSeconds)
	}
	if doc.ListInfo != nil {
		t.Errorf("a podcast has list info %+v", doc.ListInfo)
	}
}
