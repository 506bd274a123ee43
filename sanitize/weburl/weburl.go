package weburl

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// MaxLen is the longest URL accepted, in bytes, before and after
// normalisation. Feed addresses are far shorter; the bound keeps a hostile
// document from storing or printing megabytes as one "address".
const MaxLen = 4096

// ErrBadURL is wrapped by every error of [Parse] and [Resolve].
var ErrBadURL = errors.New("bad URL")

// URL is an absolute http or https address that passed [Parse]. The zero
// value means "no URL".
type URL struct{ s string }

// Parse returns raw as a URL, or an error wrapping [ErrBadURL] saying what
// is wrong with it. Surrounding ASCII white space is ignored; anything
// else outside the rules of the package doc refuses the whole value
// rather than being dropped, so that a changed address never passes for
// the one that was given.
func Parse(raw string) (URL, error) {
	s, err := checkText(raw)
	if err != nil {
		return URL{}, err
	}
	u, err := url.Parse(s)
	if err != nil {
		return URL{}, refuse(s, "does not parse")
	}
	return normalise(u)
}

// Resolve returns ref, an absolute or relative reference such as a
// Location header or a link in a page, resolved against base. The same
// rules as [Parse] apply to ref and to the result.
func Resolve(base URL, ref string) (URL, error) {
	if base.IsZero() {
		return Parse(ref)
	}
	s, err := checkText(ref)
	if err != nil {
		return URL{}, err
	}
	r, err := url.Parse(s)
	if err != nil {
		return URL{}, refuse(s, "does not parse")
	}
	return normalise(base.Std().ResolveReference(r))
}

// String returns the URL in its normal form: printable ASCII, at most
// [MaxLen] bytes; "" for the zero URL.
func (u URL) String() string { return u.s }

// IsZero reports whether u is the zero URL.
func (u URL) IsZero() bool { return u.s == "" }

// Std returns u as a fresh *url.URL that the caller may change, or nil
// for the zero URL.
func (u URL) Std() *url.URL {
	if u.s == "" {
		return nil
	}
	v, err := url.Parse(u.s)
	if err != nil { // cannot happen: u.s parsed when u was made
		panic(fmt.Sprintf("weburl: stored URL %q does not parse: %v", u.s, err))
	}
	return v
}

// Scheme returns "http" or "https" ("" for the zero URL).
func (u URL) Scheme() string {
	scheme, _, _ := strings.Cut(u.s, ":")
	return scheme
}

// Hostname returns the host without port or brackets, lower-cased.
func (u URL) Hostname() string {
	if v := u.Std(); v != nil {
		return v.Hostname()
	}
	return ""
}

// Port returns the URL's effective port: the explicit one, else 80 for
// http and 443 for https ("" for the zero URL).
func (u URL) Port() string {
	v := u.Std()
	if v == nil {
		return ""
	}
	if p := v.Port(); p != "" {
		return p
	}
	if v.Scheme == "https" {
		return "443"
	}
	return "80"
}

// SameOrigin reports whether u and v have the same scheme, host and
// effective port: whether what is sent to one may be sent to the other.
func (u URL) SameOrigin(v URL) bool {
	return !u.IsZero() && u.Scheme() == v.Scheme() && u.Hostname() == v.Hostname() && u.Port() == v.Port()
}

// refuse returns the error for s, quoted so that nothing in it can act on
// a terminal, and shortened.
func refuse(s, why string) error {
	const show = 80
	if len(s) > show {
		s = s[:show] + "…"
	}
	return fmt.Errorf("%w %s: %s", ErrBadURL, strconv.QuoteToASCII(s), why)
}
