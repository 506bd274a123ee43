package feed

import (
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"strings"

	gojson "github.com/mmcdole/gofeed/json"

	"github.com/tidings-rss/tidings/engine/document"
)

// isJSONFeed reports whether body is a JSON Feed (1.0 or 1.1): JSON (see
// startsLikeJSON) whose version names jsonfeed.org. Other JSON is not a
// feed.
func isJSONFeed(body []byte) bool {
	if !startsLikeJSON(body) {
		return false
	}
	var head struct {
		Version jsonFeedVersion `json:"version"`
	}
	_ = json.Unmarshal(body, &head)
	return bool(head.Version)
}

// jsonFeedVersion is whether a version member names jsonfeed.org. It
// decodes nothing but a string: a version that is an array or object of
// millions of values is not a feed's, and not worth memory.
type jsonFeedVersion bool

// UnmarshalJSON implements json.Unmarshaler.
func (v *jsonFeedVersion) UnmarshalJSON(raw []byte) error {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		*v = false
		return nil
	}
	*v = jsonFeedVersion(strings.Contains(s, "jsonfeed.org/version"))
	return nil
}

// startsLikeJSON reports whether body's first byte, past white space and
// byte-order-mark bytes, is '{'. That is the test of gofeed.DetectFeedType
// for JSON, without its copy of the whole body into a growing buffer.
func startsLikeJSON(body []byte) bool {
	for _, c := range body {
		switch c {
		case ' ', '\r', '\n', '\t', 0xFE, 0xFF, 0x00, 0xEF, 0xBB, 0xBF:
		default:
			return c == '{'
		}
	}
	return false
}

// parseJSONFeed reads a JSON Feed into the native model (decodeJSONFeed,
// jsonDocument).
func parseJSONFeed(body []byte, base *url.URL) (*document.Document, error) {
	f, err := decodeJSONFeed(body)
	if err != nil {
		return nil, err
	}
	return jsonDocument(f, base), nil
}

// decodeJSONFeed decodes a JSON Feed into gofeed's JSON Feed types, whose
// decoders coerce the types publishers get wrong, such as numeric ids.
// (gofeed's Parser does no more, after copying the body.)
func decodeJSONFeed(body []byte) (*gojson.Feed, error) {
	f := &gojson.Feed{}
	var perr error
	if err := guard("json", func() { perr = json.Unmarshal(body, f) }); err != nil {
		return nil, err
	}
	if perr != nil {
		return nil, fmt.Errorf("parse json: %w: %w", ErrInvalidFeed, perr)
	}
	return f, nil
}

// jsonDocument reads a decoded JSON Feed: title, summary and tags are
// text; content_html is HTML, and content_text becomes escaped HTML;
// attachments are enclosures; an expired feed ends like cf:noMoreUpdates.
func jsonDocument(f *gojson.Feed, base *url.URL) *document.Document {
	doc := &document.Document{
		Title:         f.Title,
		Link:          f.HomePageURL,
		Description:   f.Description,
		NoMoreUpdates: f.Expired,
	}
	if n := len(f.Items) - nils(f.Items); n > 0 {
		doc.Items = make([]document.Item, 0, n)
	}
	feedAuthor := jsonAuthor(f.Author, f.Authors)
	for _, it := range f.Items {
		if it != nil {
			doc.Items = append(doc.Items, jsonItem(it, feedAuthor, base))
		}
	}
	return doc
}

// nils counts the nil items: a null in the list is not an item.
func nils(items []*gojson.Item) int {
	n := 0
	for _, it := range items {
		if it == nil {
			n++
		}
	}
	return n
}

func jsonItem(it *gojson.Item, feedAuthor string, base *url.URL) document.Item {
	content := it.ContentHTML
	if strings.TrimSpace(content) == "" && strings.TrimSpace(it.ContentText) != "" {
		content = "<p>" + strings.ReplaceAll(html.EscapeString(strings.TrimSpace(it.ContentText)), "\n\n", "</p><p>") + "</p>"
	}
	summary := ""
	if s := strings.TrimSpace(it.Summary); s != "" {
		summary = "<p>" + html.EscapeString(s) + "</p>"
	}
	content, summary = contentAndSummary(absolutize(content, base), summary)
	out := document.Item{
		GUID:       it.ID,
		Title:      it.Title,
		Link:       firstNonEmpty(it.URL, it.ExternalURL),
		Author:     firstNonEmpty(jsonAuthor(it.Author, it.Authors), feedAuthor),
		Published:  firstDate(it.DatePublished),
		Updated:    firstDate(it.DateModified),
		Content:    content,
		Summary:    summary,
		Categories: distinct(it.Tags),
		Image:      firstNonEmpty(it.Image, it.BannerImage),
	}
	if it.Attachments != nil {
		for _, a := range *it.Attachments {
			if strings.TrimSpace(a.URL) == "" {
				continue
			}
			out.Enclosures = append(out.Enclosures, document.Enclosure{URL: a.URL, Type: a.MimeType, Length: max(a.SizeInBytes, 0)})
			if out.DurationSeconds == 0 && a.DurationInSeconds > 0 {
				out.DurationSeconds = int(a.DurationInSeconds)
			}
		}
	}
	return out
}

// jsonAuthor names the authors of a JSON Feed object (1.1's list, else
// 1.0's single author), joined with ", ".
func jsonAuthor(one *gojson.Author, many []*gojson.Author) string {
	var names []string
	for _, a := range many {
		if a != nil {
			names = append(names, a.Name)
		}
	}
	if names = distinct(names); len(names) == 0 && one != nil {
		names = distinct([]string{one.Name})
	}
	return strings.Join(names, ", ")
}
