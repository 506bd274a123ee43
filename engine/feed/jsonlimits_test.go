package feed

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

const jsonHead = `{"version":"https://jsonfeed.org/version/1.1","title":"Hostile","items":[`

// jsonItems is a JSON Feed whose items are the JSON fragment given.
func jsonItems(items string) string {
	return jsonHead + items + `]}`
}

// jsonFeedOf is a JSON Feed of n items the way blogs and podcasts publish
// them: about 2 KB of HTML, an author, tags and an attachment each.
func jsonFeedOf(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"version":"https://jsonfeed.org/version/1.1","title":"Bench","home_page_url":"https://bench.example.com/",` +
		`"authors":[{"name":"Ann","url":"https://bench.example.com/ann"}],"items":[`)
	para := `<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor ` +
		`incididunt ut labore et dolore magna aliqua. <a href=\"https://bench.example.com/x\">Ut enim</a> ` +
		`ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.</p>\n`
	content := strings.Repeat(para, 2048/len(para)+1)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"https://bench.example.com/posts/%d","url":"https://bench.example.com/posts/%d",`+
			`"title":"Post number %d","content_html":"%s","summary":"Summary of post %d.",`+
			`"date_published":"2024-01-01T%02d:00:00Z","authors":[{"name":"Author %d"}],"tags":["bench","go"],`+
			`"attachments":[{"url":"https://bench.example.com/%d.mp3","mime_type":"audio/mpeg","size_in_bytes":123456}]}`,
			i, i, i, content, i, i%24, i, i)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// jsonHeadlines is a JSON Feed of n short items: links with titles, an
// author and a tag, and no content.
func jsonHeadlines(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"https://news.example.com/2024/01/%d","url":"https://news.example.com/2024/01/%d",`+
			`"title":"A headline of some length","date_published":"2024-01-01T00:00:00Z",`+
			`"authors":[{"name":"A. Reporter"}],"tags":["news"]}`, i, i)
	}
	return jsonItems(b.String())
}

func TestCheckJSONLimits(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		tooBig  bool
		message string
	}{
		{name: "ordinary feed", body: string(jsonFeedOf(20))},
		{name: "2000 items of 2 KB", body: string(jsonFeedOf(2000))},
		{name: "headlines only", body: jsonHeadlines(20000)},
		{name: "nesting at the limit", body: jsonItems(`{"_x":` + strings.Repeat("[", MaxDepth-3) + strings.Repeat("]", MaxDepth-3) + `}`)},
		{name: "markup in strings is text", body: jsonItems(`{"content_html":"` + strings.Repeat("<p>[{", 100000) + `"}`)},
		{name: "escaped quotes", body: jsonItems(`{"content_html":"` + strings.Repeat(`\"{[\\`, 100000) + `"}`)},
		{name: "a million empty items", body: jsonItems(strings.Repeat(`{},`, 1<<20) + `{}`),
			tooBig: true, message: "1048577 items"},
		{name: "nested 300 deep", body: jsonItems(`{"_x":` + strings.Repeat("[", 300) + strings.Repeat("]", 300) + `}`),
			tooBig: true, message: "deeper than 256"},
		{name: "nested a million deep", body: jsonItems(`{"_x":` + strings.Repeat("[", 1<<20) + strings.Repeat("]", 1<<20) + `}`),
			tooBig: true, message: "deeper than 256"},
		{name: "tag flood", body: jsonItems(`{"tags":[` + strings.Repeat(`0,`, 4<<20) + `0]}`), tooBig: true, message: "values"},
		{name: "attachment flood", body: jsonItems(`{"attachments":[` + strings.Repeat(`{},`, 1<<20) + `{}]}`),
			tooBig: true, message: "values"},
		{name: "null items", body: jsonItems(strings.Repeat(`null,`, 4<<20) + `null`), tooBig: true, message: "values"},
		{name: "items of a differently spelt key", body: `{"version":"https://jsonfeed.org/version/1","ITEMS":[` +
			strings.Repeat(`{},`, 1<<20) + `{}]}`, tooBig: true, message: "1048577 items"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkJSONLimits([]byte(tt.body))
			if !tt.tooBig {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if _, err := Parse(strings.NewReader(tt.body)); err != nil {
					t.Fatalf("Parse: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrTooLarge) || !errors.Is(err, ErrInvalidFeed) {
				t.Fatalf("error %v, want ErrTooLarge and ErrInvalidFeed", err)
			}
			if !strings.Contains(err.Error(), tt.message) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q, want one line saying %q", err, tt.message)
			}
			if doc, perr := Parse(strings.NewReader(tt.body)); doc != nil || !errors.Is(perr, ErrTooLarge) {
				t.Fatalf("Parse = %v, %v; want the limit's error", doc, perr)
			}
		})
	}
}

// TestJSONFeedIsNotMeasuredAsXML checks that a JSON Feed whose HTML holds
// more unclosed elements than MaxDepth (ordinary <p> and <br>) is read: a
// JSON document has JSON's bounds, not the XML scanner's.
func TestJSONFeedIsNotMeasuredAsXML(t *testing.T) {
	html := strings.Repeat(`<p>a paragraph<br>and a line`, MaxDepth+50)
	doc, err := Parse(strings.NewReader(jsonItems(`{"id":"1","content_html":"` + html + `"}`)))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if len(doc.Items) != 1 || !strings.Contains(doc.Items[0].Content, "and a line") {
		t.Fatalf("items %+v", doc.Items)
	}
}

// TestJSONFeedVersionIsNotDecoded checks that telling a JSON Feed from
// other JSON holds no memory for a version member that is not a string.
func TestJSONFeedVersionIsNotDecoded(t *testing.T) {
	body := []byte(`{"version":[` + strings.Repeat(`{"a":[1,2,3]},`, 1<<18) + `{}],"items":[]}`)
	var feed bool
	got := allocatedBy(func() { feed = isJSONFeed(body) })
	if feed {
		t.Fatal("an array version makes a JSON Feed")
	}
	if got > int64(len(body)) {
		t.Fatalf("isJSONFeed allocated %d bytes for a body of %d", got, len(body))
	}
	if !isJSONFeed([]byte(`{"version":"https:\/\/jsonfeed.org\/version\/1.1"}`)) {
		t.Fatal("an escaped version is not read")
	}
}

// TestJSONParseMemoryMatchesTheEstimate measures what the decoded feed and
// the document read from it hold, and everything the parse allocated, for
// documents of several shapes, and checks them against checkJSONLimits'
// estimate: what is held never passes it, what is allocated never passes
// jsonGarbageFactor times it.
func TestJSONParseMemoryMatchesTheEstimate(t *testing.T) {
	shapes := map[string]string{
		"ordinary items":    string(jsonFeedOf(200)),
		"headlines":         jsonHeadlines(20000),
		"empty items":       jsonItems(strings.Repeat(`{},`, 100000) + `{}`),
		"numeric ids":       jsonItems(strings.Repeat(`{"id":12345},`, 100000) + `{}`),
		"object ids":        jsonItems(strings.Repeat(`{"id":{"a":[1,2]}},`, 100000) + `{}`),
		"null items":        jsonItems(strings.Repeat(`null,`, 100000) + `{}`),
		"distinct tags":     jsonItems(`{"tags":[` + strings.Repeat(`"a",`, 50000) + distinctStrings(50000) + `]}`),
		"numeric tags":      jsonItems(`{"tags":[` + strings.Repeat(`1,`, 100000) + `2]}`),
		"authors":           jsonItems(`{"authors":[` + strings.Repeat(`{"name":"a"},`, 100000) + `{}]}`),
		"attachments":       jsonItems(`{"attachments":[` + strings.Repeat(`{"url":"h"},`, 100000) + `{}]}`),
		"loose attachments": jsonItems(`{"attachments":[` + strings.Repeat(`{"size_in_bytes":"1e5","duration_in_seconds":"7"},`, 50000) + `{}]}`),
		"feed authors":      `{"version":"https://jsonfeed.org/version/1","authors":[` + strings.Repeat(`{"name":"a"},`, 100000) + `{}],"items":[]}`,
		"unknown members":   jsonItems(strings.Repeat(`{"_x":{"a":[[1],[2],{"b":null}]}},`, 50000) + `{}`),
	}
	for name, body := range shapes {
		t.Run(name, func(t *testing.T) {
			b := []byte(body)
			s := jsonShapeOf(b)
			estimate := s.estimate(len(b))
			held := heldBy(func() any {
				f, err := decodeJSONFeed(b)
				if err != nil {
					return nil // a type error: nothing is kept
				}
				return [2]any{f, jsonDocument(f, nil)}
			})
			allocated := allocatedBy(func() { parseJSONFeed(b, nil) })
			t.Logf("%d bytes, %d items, %d objects, %d values: holds %d KB, allocates %d KB, estimate %d KB",
				len(b), s.items, s.objects, s.values, held>>10, allocated>>10, estimate>>10)
			if int64(len(b))+held > estimate {
				t.Errorf("body and parse hold %d bytes, more than the estimate %d", int64(len(b))+held, estimate)
			}
			if allocated > jsonGarbageFactor*estimate {
				t.Errorf("the parse allocated %d bytes, more than %d times the estimate %d", allocated, jsonGarbageFactor, estimate)
			}
		})
	}
}

// distinctStrings is n different JSON strings, comma-separated.
func distinctStrings(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"t%d"`, i)
	}
	return b.String()
}

// allocatedBy returns the heap bytes fn allocates, kept or not.
func allocatedBy(fn func()) int64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// jsonShapeByTokens counts what jsonShapeOf counts with encoding/json's
// tokenizer, the reference the scanner must agree with on valid JSON.
func jsonShapeByTokens(body []byte) (jsonShape, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	var s jsonShape
	var open []bool // whether each open container is an object
	key := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return s, err
		}
		inObject := len(open) > 0 && open[len(open)-1]
		switch tok {
		case json.Delim('{'):
			if len(open) == 2 && open[0] && !open[1] {
				s.items++
			} else {
				s.objects++
			}
			if len(open) == MaxDepth {
				s.tooDeep = true
				return s, nil
			}
			open, key = append(open, true), true
			continue
		case json.Delim('['):
			if !inObject {
				s.values++
			}
			if len(open) == MaxDepth {
				s.tooDeep = true
				return s, nil
			}
			open, key = append(open, false), false
			continue
		case json.Delim('}'), json.Delim(']'):
			open = open[:len(open)-1]
			key = len(open) > 0 && open[len(open)-1]
			continue
		}
		switch {
		case inObject && key:
			key = false
		case inObject:
			key = true
		default:
			s.values++
		}
	}
}

func TestJSONShapeAgreesWithTheTokenizer(t *testing.T) {
	for _, body := range []string{
		jsonFeed11, string(jsonFeedOf(3)), jsonHeadlines(3),
		`{"version":"x","items":[{"id":1,"tags":["a",2,true,null,[],{}],"_x":{"a":[{"b":[{}]}]}},null,[],"s",-1.5e3]}`,
		`{"items":[[{}],{"a":{"b":[]}}],"k\"ey":"v\\","e":""}`,
		`{}`, `[]`, `"s"`, `12`,
	} {
		want, err := jsonShapeByTokens([]byte(body))
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		if got := jsonShapeOf([]byte(body)); got != want {
			t.Errorf("%.80s: scanner %+v, tokenizer %+v", body, got, want)
		}
	}
}

// FuzzJSONFeed feeds JSON Feeds to Parse: it must never panic, an error is
// one line, the scanner counts what encoding/json's tokenizer counts, and
// a parse allocates at most jsonGarbageFactor times the memory bound
// (ParseFactor times the body's size, parseFloor at least): a document
// past it is refused before it is decoded.
func FuzzJSONFeed(f *testing.F) {
	for _, seed := range []string{
		jsonFeed11, string(jsonFeedOf(3)), jsonHeadlines(3),
		jsonItems(`{"id":1,"tags":["a",2,true,null,[],{}],"attachments":[{"url":"u","size_in_bytes":"7"}]},null`),
		jsonItems(`{"authors":[{"name":"a"},{"name":"b"}],"author":{"name":"c"},"content_text":"x\n\ny"}`),
		jsonItems(strings.Repeat(`{},`, 1000) + `{}`),
		jsonItems(`{"_x":` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + `}`),
		`{"version":"https:\/\/jsonfeed.org\/version\/1","ITEMS":[{"ID":"\u0041"}],"expired":"true"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var doc any
		var err error
		allocated := allocatedBy(func() { doc, err = parseBody(body, Options{}) })
		if err != nil && (strings.Contains(err.Error(), "panicked") || strings.ContainsAny(err.Error(), "\r\n")) {
			t.Fatalf("error %q", err)
		}
		if !isJSONFeed(body) {
			return
		}
		if limit := max(ParseFactor*int64(len(body)), parseFloor); allocated > jsonGarbageFactor*limit {
			t.Fatalf("%d bytes allocated for a body of %d (doc %v)", allocated, len(body), doc != nil)
		}
		if want, terr := jsonShapeByTokens(body); terr == nil && json.Valid(body) {
			if got := jsonShapeOf(body); got != want {
				t.Fatalf("scanner %+v, tokenizer %+v", got, want)
			}
		}
	})
}

// BenchmarkJSONLimits measures the check a JSON Feed passes before it is
// decoded, with the scanner and (Tokens) with encoding/json's tokenizer,
// the other way to count without decoding.
func BenchmarkJSONLimits(b *testing.B) {
	body := jsonFeedOf(200)
	b.Run("Scanner", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for b.Loop() {
			if err := checkJSONLimits(body); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Tokens", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := jsonShapeByTokens(body); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkParseJSONFeed measures a whole JSON Feed's parse, check
// included.
func BenchmarkParseJSONFeed(b *testing.B) {
	body := jsonFeedOf(20)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		doc, err := parseBody(body, Options{})
		if err != nil || len(doc.Items) != 20 {
			b.Fatalf("parse: %v", err)
		}
	}
}
