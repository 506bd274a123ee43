package opml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
)

// now is the clock for dateCreated; tests replace it.
var now = time.Now

// Encode writes d to w as an OPML 2.0 document in UTF-8, indented with two
// spaces, with dateCreated set to the current time (RFC 822, UTC).
//
// Folders become <outline text="Name" title="Name"> around their contents,
// feeds <outline type="rss" ...> with text and title set to the feed title
// (text="" alone if there is none). Within a folder its feeds come first,
// then its sub-folders, as in [Folder.Walk]. tidings' settings are written
// as tidings:sync, tidings:interval, tidings:maxItems, tidings:enclosures,
// tidings:titleFromFeed and tidings:fullText attributes, each only when it
// differs from the default: Sync other than "" or "default", positive
// numbers, true (titleFromFeed only for a feed with a title); a filter
// feed's command as tidings:filter. Command feeds follow a folder's feeds
// as <outline type="tidings-exec" tidings:exec="…"> without xmlUrl, which
// other readers drop. Values are written as given, so
// what Decode normalises (blank or duplicate names and URLs, "/" in folder
// names, unknown sync modes) is normalised when the output is decoded.
func Encode(w io.Writer, d *Document) error {
	if d == nil {
		return errors.New("opml: encode: nil document")
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<opml version="2.0" xmlns:tidings="` + Namespace + `">` + "\n")
	b.WriteString("  <head>\n    <title>")
	escape(&b, d.Title)
	b.WriteString("</title>\n    <dateCreated>")
	b.WriteString(now().UTC().Format(time.RFC1123Z))
	b.WriteString("</dateCreated>\n")
	writeExtensions(&b, d)
	b.WriteString("  </head>\n  <body>\n")
	writeContents(&b, d.Root, 2)
	b.WriteString("  </body>\n</opml>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// writeExtensions writes the saved searches and rules into <head>.
func writeExtensions(b *bytes.Buffer, d *Document) {
	for _, s := range d.Searches {
		b.WriteString("    <tidings:search")
		attr(b, "name", s.Name)
		attr(b, "query", s.Query)
		b.WriteString("/>\n")
	}
	for _, r := range d.Rules {
		b.WriteString("    <tidings:rule")
		attr(b, "action", r.Action)
		attr(b, "query", r.Query)
		if r.FeedURL != "" {
			attr(b, "feed", r.FeedURL)
		}
		b.WriteString("/>\n")
	}
}

// writeContents writes the feeds and sub-folders of f at the given depth.
func writeContents(b *bytes.Buffer, f Folder, depth int) {
	for _, feed := range f.Feeds {
		indent(b, depth)
		b.WriteString(`<outline type="rss"`)
		attr(b, "text", feed.Title)
		if feed.Title != "" {
			attr(b, "title", feed.Title)
		}
		attr(b, "xmlUrl", feed.URL)
		if feed.HTMLURL != "" {
			attr(b, "htmlUrl", feed.HTMLURL)
		}
		if feed.Sync != "" && !strings.EqualFold(feed.Sync, SyncDefault) {
			attr(b, "tidings:sync", feed.Sync)
		}
		if feed.IntervalMinutes > 0 {
			attr(b, "tidings:interval", strconv.Itoa(feed.IntervalMinutes))
		}
		if feed.MaxItems > 0 {
			attr(b, "tidings:maxItems", strconv.Itoa(feed.MaxItems))
		}
		if feed.Enclosures {
			attr(b, "tidings:enclosures", "true")
		}
		if feed.TitleFromFeed && feed.Title != "" {
			attr(b, "tidings:titleFromFeed", "true")
		}
		if feed.FullText {
			attr(b, "tidings:fullText", "true")
		}
		if feed.Filter != "" {
			attr(b, "tidings:filter", feed.Filter)
		}
		b.WriteString("/>\n")
	}
	for _, c := range f.Commands {
		indent(b, depth)
		b.WriteString(`<outline type="tidings-exec"`)
		attr(b, "text", c.Title)
		if c.Title != "" {
			attr(b, "title", c.Title)
		}
		attr(b, "tidings:exec", c.Command)
		b.WriteString("/>\n")
	}
	for _, sub := range f.Folders {
		indent(b, depth)
		b.WriteString("<outline")
		attr(b, "text", sub.Name)
		attr(b, "title", sub.Name)
		if len(sub.Feeds) == 0 && len(sub.Folders) == 0 && len(sub.Commands) == 0 {
			b.WriteString("/>\n")
			continue
		}
		b.WriteString(">\n")
		writeContents(b, sub, depth+1)
		indent(b, depth)
		b.WriteString("</outline>\n")
	}
}

func indent(b *bytes.Buffer, depth int) {
	for range depth {
		b.WriteString("  ")
	}
}

// attr writes ` name="value"`, escaped.
func attr(b *bytes.Buffer, name, value string) {
	b.WriteString(" " + name + `="`)
	escape(b, value)
	b.WriteByte('"')
}

// escape writes s escaped for XML text and attribute values: markup
// characters, quotes, tabs and line breaks become character references, and
// characters XML cannot hold become U+FFFD.
func escape(b *bytes.Buffer, s string) {
	_ = xml.EscapeText(b, []byte(s)) // writing to a bytes.Buffer cannot fail
}
