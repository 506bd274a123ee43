package newsboat

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseURLsReadsFeedsTagsTitlesAndQueries(t *testing.T) {
	in := "# my feeds\r\n" +
		"\n" +
		"https://a.example/feed tech \"~A \\\"quoted\\\" name\" news  # a comment\n" +
		"\thttps://b.example/rss#frag \"Side Projects\" ! \"!hidden\"\n" +
		"http://c.example/atom.xml\n" +
		"\"query:Unread Articles:unread = \\\"yes\\\"\" views\n" +
		"exec:~/bin/make-feed.sh scripts\n"
	got, err := ParseURLs(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := &URLs{
		Feeds: []Entry{
			{Line: 3, URL: "https://a.example/feed", Title: `A "quoted" name`, Tags: []string{"tech", "news"}},
			{Line: 4, URL: "https://b.example/rss#frag", Tags: []string{"Side Projects"}, Hidden: true},
			{Line: 5, URL: "http://c.example/atom.xml"},
			{Line: 7, URL: "exec:~/bin/make-feed.sh", Tags: []string{"scripts"}},
		},
		Queries: []Query{{Line: 6, Title: "Unread Articles", Expression: `unread = "yes"`, Tags: []string{"views"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseURLs =\n%+v\nwant\n%+v", got, want)
	}
	tests := []struct {
		name       string
		e          Entry
		folder     string
		categories []string
	}{
		{"two tags", want.Feeds[0], "tech", []string{"news"}},
		{"one tag", want.Feeds[1], "Side Projects", nil},
		{"no tag", want.Feeds[2], "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if f, c := tt.e.Folder(), tt.e.Categories(); f != tt.folder || !reflect.DeepEqual(c, tt.categories) {
				t.Errorf("Folder, Categories = %q, %q; want %q, %q", f, c, tt.folder, tt.categories)
			}
		})
	}
}

func TestParseURLsRefusesWhatIsNotAURLsFile(t *testing.T) {
	opml, err := os.ReadFile(filepath.Join("..", "opml", "testdata", "nested.opml"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, in, want string
	}{
		{"opml", string(opml), "urls line 1: "},
		{"a word", "https://a.example/feed\nnot-a-url tag\n", `urls line 2: not-a-url is not a feed URL`},
		{"an open quote", "https://a.example/feed \"tag\n", "urls line 1: a quote is not closed"},
		{"a query without expression", "\"query:Only a title\"\n", "urls line 1: query"},
		{"only comments", "# nothing\n\n", "urls: no feed in the file"},
		{"empty", "", "urls: no feed in the file"},
		{"a bare scheme", "https://\n", `urls line 1: https:// is not a feed URL`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseURLs(strings.NewReader(tt.in))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("ParseURLs error = %v, want one line starting %q", err, tt.want)
			}
		})
	}
}
