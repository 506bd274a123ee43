// Package weburl is the one way a web address enters tidings.
//
// A [URL] can only be made by [Parse] or [Resolve], which accept an
// absolute http or https address with a host and nothing a terminal or a
// log could misread: no control character, no bidi control or byte-order
// mark, no white space inside, valid UTF-8, at most [MaxLen] bytes. What
// they accept is normalised — scheme and host lower-cased, an
// internationalised host in its ASCII (punycode) form, every other byte
// outside printable ASCII percent-encoded — so a URL's String is printable
// ASCII and parsing it again gives the same URL.
//
// Code past a boundary holds a URL, never a string that may or may not
// have been checked: a subscription's address, a redirect's target, an
// address discovered in a page or read from a subscription list or a
// sync server.
package weburl
