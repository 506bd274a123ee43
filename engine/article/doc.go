// Package article turns a web page into the article it carries, for feeds
// that send only a summary: Extract decodes the page (its charset chosen
// as feeds' are, feed.DecodePage), measures it before it is parsed, finds
// the article with readability (go-readability, a port of Firefox's
// Reader View), makes its links and images absolute against the page's
// address and <base>, and sanitizes it with the policy of feed content
// (sanitize.HTML): what Extract returns is what the store may keep.
//
// A page is a hostile boundary. Readability builds and walks the whole
// DOM, several times, so a page is refused before it is parsed when it is
// larger than MaxPageBytes, holds more than MaxElements elements or
// MaxTokens tokens, or nests deeper than MaxDepth (limits.go); a body that
// is a feed, or anything but HTML, is refused too (kind.go). Each refusal
// is one error of one line.
//
// Words counts the words of stored HTML and ReadingMinutes turns the
// longest text an item has into minutes at WordsPerMinute.
//
// It is pure: no I/O but reading the bytes it is given. It imports
// engine/feed for the charset rules, sanitize and readability; never the
// store, fetch or the engine.
package article
