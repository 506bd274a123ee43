package feed

import "errors"

// ErrNotAFeed is wrapped by Parse's error when the body is not an RSS or Atom
// document at all: an HTML page, JSON that is not a JSON Feed, plain text,
// garbage, an empty body, or XML whose root element cannot even be read (an
// unknown encoding, say). Feed autodiscovery may follow such an error.
var ErrNotAFeed = errors.New("not an RSS or Atom feed")

// ErrInvalidFeed is wrapped by Parse's error when the body announces itself
// as RSS or Atom (by its root element) but cannot be parsed: malformed or
// truncated XML, an XML-illegal character reference such as &#27;, an
// unsupported encoding. Both errors mean the platform's "invalid feed format";
// only ErrNotAFeed means "look elsewhere for a feed".
var ErrInvalidFeed = errors.New("invalid feed document")
