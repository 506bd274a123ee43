package feed

import (
	"errors"
	"strings"
	"testing"
)

// TestAWebPageIsNotMeasuredAsXML checks that a web page leaving hundreds
// of elements open, as HTML allows, is reported as not a feed (so that
// its announced feeds are looked for), not refused as too deep.
func TestAWebPageIsNotMeasuredAsXML(t *testing.T) {
	page := `<!DOCTYPE html><html><head><link rel="alternate" type="application/rss+xml" href="/f">` +
		strings.Repeat(`<meta name="a" content="b"><br><p>text`, 1000)
	_, err := Parse(strings.NewReader(page))
	if !errors.Is(err, ErrNotAFeed) || errors.Is(err, ErrTooLarge) {
		t.Fatalf("Parse(page) = %v, want ErrNotAFeed", err)
	}
}

func TestCheckRoot(t *testing.T) {
	tests := []struct {
		name, body string
		notAFeed   bool
		message    string
	}{
		{name: "rss", body: `<?xml version="1.0"?><rss version="2.0"/>`},
		{name: "RDF with its prefix", body: `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>`},
		{name: "atom with a prefix", body: `<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"/>`},
		{name: "upper case", body: `<RSS/>`},
		{name: "redirect", body: `<Redirect><newLocation>x</newLocation></Redirect>`},
		{name: "prolog, comments, DOCTYPE with a subset, CDATA", body: `<?xml version="1.0"?><!-- <html> --><!DOCTYPE rss [<!ENTITY a "b">]>` +
			`<![CDATA[<html>]]></stray><rss/>`},
		{name: "no element at all", body: "just text"},
		{name: "HTML", body: `<!DOCTYPE html><html><body>`, notAFeed: true, message: `root element is "html"`},
		{name: "XHTML with a prefix", body: `<h:html xmlns:h="http://www.w3.org/1999/xhtml"/>`, notAFeed: true, message: `"h:html"`},
		{name: "a long name with controls", body: "<" + strings.Repeat("\x1b[2J", 100) + ">", notAFeed: true, message: `"\x1b[2J`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkRoot([]byte(tt.body))
			if !tt.notAFeed {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if !errors.Is(err, ErrNotAFeed) || !strings.Contains(msg, strings.ReplaceAll(tt.message, "\x1b", `\x1b`)) ||
				strings.ContainsAny(msg, "\n\x1b") || len(msg) > 120 {
				t.Fatalf("error %q, want one short line with %q", msg, tt.message)
			}
		})
	}
}
