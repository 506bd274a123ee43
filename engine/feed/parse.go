package feed

import (
	"bytes"
	"fmt"
	"io"

	"github.com/mmcdole/gofeed"
	"github.com/tidings-rss/tidings/store"
)

// Parse reads a whole feed document from r and extracts it into tidings'
// native model. The caller bounds the body's size (Parse reads it all into
// memory, once).
//
// Parse extracts faithfully and does not sanitize: strings are as the
// document had them, with entities decoded and CDATA unwrapped. Dates are in
// UTC. An XML redirect document yields a Document with IsRedirect set and no
// items. Errors wrap ErrNotAFeed (the body is not RSS or Atom),
// ErrInvalidFeed (it is, but cannot be parsed) or the reader's own error.
// UTF-16 and UTF-32 bodies are transcoded first; other encodings are read
// as their XML declaration says. Parse never fetches anything: external
// entities and DTDs are not resolved.
func Parse(r io.Reader) (*store.Document, error) {
	body, err := readAll(r)
	if err != nil {
		return nil, fmt.Errorf("parse: read body: %w", err)
	}
	return parseBody(body)
}

// parseBody is Parse on a body already in memory.
func parseBody(body []byte) (*store.Document, error) {
	body = dropControlBytes(toUTF8(body))
	if err := checkLimits(body); err != nil {
		return nil, err
	}
	if loc, ok := xmlRedirect(body); ok {
		return &store.Document{IsRedirect: true, NewLocation: loc}, nil
	}
	var doc *store.Document
	var err error
	switch gofeed.DetectFeedType(bytes.NewReader(body)) {
	case gofeed.FeedTypeRSS:
		doc, err = parseRSS(body)
	case gofeed.FeedTypeAtom:
		doc, err = parseAtom(body)
	default:
		return nil, fmt.Errorf("parse: %w", ErrNotAFeed)
	}
	if err != nil {
		return nil, err
	}
	flags := simpleListFlags(body)
	doc.IsList, doc.NoMoreUpdates = flags.isList, flags.noMoreUpdates
	return doc, nil
}

// guard runs a third-party parser and turns a panic into an error, so that
// no feed can crash the engine. The message names the panic so tests can
// tell it from an ordinary parse error.
func guard(format string, fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s parser panicked: %v", format, r)
		}
	}()
	return fn()
}

// dropControlBytes removes the C0 control bytes XML forbids (all below 0x20
// but tab, LF and CR), as gofeed does before parsing, so that the pre-scans
// here see the same document gofeed sees. It returns body itself, without
// copying, when there is nothing to drop.
func dropControlBytes(body []byte) []byte {
	for i, c := range body {
		if isIllegalControl(c) {
			return filterControlBytes(body, i)
		}
	}
	return body
}

// filterControlBytes copies body without its illegal control bytes; from is
// the index of the first one.
func filterControlBytes(body []byte, from int) []byte {
	out := make([]byte, from, len(body))
	copy(out, body[:from])
	for _, c := range body[from:] {
		if !isIllegalControl(c) {
			out = append(out, c)
		}
	}
	return out
}

// isIllegalControl reports whether c is a C0 control byte XML 1.0 forbids.
func isIllegalControl(c byte) bool {
	return c < 0x20 && c != '\t' && c != '\n' && c != '\r'
}
