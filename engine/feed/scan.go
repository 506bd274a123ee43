package feed

import (
	"bytes"
	"encoding/xml"
	"errors"
	"strings"

	"golang.org/x/net/html/charset"
)

// The Microsoft common feed namespace of the Simple List Extensions and
// <cf:noMoreUpdates/>, in both the spellings found in the wild. Elements in
// the platform-internal namespace (these URIs + "/internal", usually bound
// to "cfi") never match: namespace URIs are compared whole.
const (
	msNamespaceHTTP  = "http://www.microsoft.com/schemas/rss/core/2005"
	msNamespaceHTTPS = "https://www.microsoft.com/schemas/rss/core/2005"
)

// msNamespaceMarker is a substring of both spellings; a body without it
// cannot use the namespace, so the scan for it is skipped.
var msNamespaceMarker = []byte("www.microsoft.com/schemas/rss/core/2005")

var utf8BOM = []byte("\xEF\xBB\xBF")

// listFlags are the channel's Microsoft common feed elements.
type listFlags struct {
	isList        bool // <cf:treatAs>list</cf:treatAs>
	noMoreUpdates bool // <cf:noMoreUpdates/>
}

// newScanDecoder returns an encoding/xml decoder over body that is as
// lenient as gofeed's (non-strict, any charset golang.org/x/net knows).
// encoding/xml never resolves external entities or DTDs.
func newScanDecoder(body []byte) *xml.Decoder {
	d := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(body, utf8BOM)))
	d.Strict = false
	d.CharsetReader = charset.NewReaderLabel
	return d
}

// rootElement reads d up to and including the document's root start tag.
func rootElement(d *xml.Decoder) (xml.StartElement, error) {
	for {
		tok, err := d.Token()
		if err != nil {
			return xml.StartElement{}, err
		}
		if se, ok := tok.(xml.StartElement); ok {
			return se, nil
		}
	}
}

// xmlRedirect reports whether body is an XML redirect document
// (<redirect><newLocation>URL</newLocation></redirect>) and returns its
// trimmed new location, "" when the element is empty or missing (the feed
// is gone). The seed's sample, whose closing tag lacks its slash, is read
// too: the location is the text up to the next tag.
func xmlRedirect(body []byte) (string, bool) {
	d := newScanDecoder(body)
	root, err := rootElement(d)
	if err != nil || !strings.EqualFold(root.Name.Local, "redirect") {
		return "", false
	}
	var loc string
	_ = forEachChild(d, func(se xml.StartElement) error {
		if !strings.EqualFold(se.Name.Local, "newLocation") {
			return d.Skip()
		}
		loc = strings.TrimSpace(leadingText(d))
		return errStop
	})
	return loc, true
}

// errStop ends a forEachChild walk early; it never leaves this file.
var errStop = errors.New("stop")

// leadingText returns the character data at the current position, up to
// the next tag, skipping comments.
func leadingText(d *xml.Decoder) string {
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			return b.String()
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.Comment:
		default:
			return b.String()
		}
	}
}

// forEachChild calls fn with each child start tag of the element whose
// start tag was just read, until that element ends. fn must consume the
// child through its end tag (d.Skip does).
func forEachChild(d *xml.Decoder, fn func(xml.StartElement) error) error {
	for {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := fn(t); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		}
	}
}

// simpleListFlags finds the channel's <treatAs> and <noMoreUpdates> in the
// Microsoft common feed namespace, matched by namespace URI whatever prefix
// the document binds to it. The channel is rss/channel, rdf:RDF/channel or
// the Atom feed element. A body that is not well-formed yields what was
// found before the error.
func simpleListFlags(body []byte) listFlags {
	var f listFlags
	if !bytes.Contains(body, msNamespaceMarker) {
		return f
	}
	d := newScanDecoder(body)
	root, err := rootElement(d)
	if err != nil {
		return f
	}
	if strings.EqualFold(root.Name.Local, "feed") {
		_ = scanChannel(d, root, &f)
		return f
	}
	_ = forEachChild(d, func(se xml.StartElement) error {
		if strings.EqualFold(se.Name.Local, "channel") {
			return scanChannel(d, se, &f)
		}
		return d.Skip()
	})
	return f
}

// scanChannel reads the children of the channel element start and records
// the Microsoft common feed elements among them in f. A treatAs attribute in
// that namespace on the channel itself counts as well.
func scanChannel(d *xml.Decoder, start xml.StartElement, f *listFlags) error {
	for _, a := range start.Attr {
		if isMSNamespace(a.Name.Space) && a.Name.Local == "treatAs" {
			f.isList = f.isList || isList(a.Value)
		}
	}
	return forEachChild(d, func(se xml.StartElement) error {
		if !isMSNamespace(se.Name.Space) {
			return d.Skip()
		}
		switch se.Name.Local {
		case "treatAs":
			var v struct {
				Text string `xml:",chardata"`
			}
			err := d.DecodeElement(&v, &se)
			f.isList = f.isList || isList(v.Text)
			return err
		case "noMoreUpdates":
			f.noMoreUpdates = true
		}
		return d.Skip()
	})
}

// isMSNamespace reports whether space is the Microsoft common feed
// namespace (not its "/internal" sibling).
func isMSNamespace(space string) bool {
	space = strings.TrimSpace(space)
	return space == msNamespaceHTTP || space == msNamespaceHTTPS
}

// isList reports whether a treatAs value asks for a list feed.
func isList(v string) bool {
	return strings.EqualFold(strings.TrimSpace(v), "list")
}
