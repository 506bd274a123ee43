package weburl

import (
	"net"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// checkText trims surrounding ASCII white space from raw and refuses it
// when it is empty, too long, not UTF-8 or holds a character that has no
// place in an address.
func checkText(raw string) (string, error) {
	s := strings.Trim(raw, " \t\r\n\f\v")
	switch {
	case s == "":
		return "", refuse(raw, "empty")
	case len(s) > MaxLen:
		return "", refuse(s, "longer than "+strconv.Itoa(MaxLen)+" bytes")
	case !utf8.ValidString(s):
		return "", refuse(s, "not valid UTF-8")
	}
	for _, r := range s {
		if forbidden(r) {
			return "", refuse(s, "holds a control, format or space character ("+strconv.QuoteRuneToASCII(r)+")")
		}
	}
	return s, nil
}

// forbidden reports whether r may not appear in a URL's text: controls
// (C0, DEL, C1), format characters (bidi controls, zero-width characters,
// the byte-order mark, soft hyphen …), every kind of space and the line
// and paragraph separators.
func forbidden(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) ||
		unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
}

// normalise checks u's parts and returns it in normal form.
func normalise(u *url.URL) (URL, error) {
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return URL{}, refuse(u.String(), "not an http or https address")
	}
	if u.Opaque != "" || u.Host == "" {
		return URL{}, refuse(u.String(), "has no host")
	}
	host, err := normalHost(u.Hostname())
	if err != nil {
		return URL{}, refuse(u.String(), err.Error())
	}
	port := u.Port()
	if port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return URL{}, refuse(u.String(), "has a bad port")
		}
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	u.Host = host
	u.RawQuery = escapeHigh(u.RawQuery)
	u.RawFragment = "" // net/url then escapes the fragment itself
	if u.User != nil {
		user, pass := u.User.Username(), ""
		if p, ok := u.User.Password(); ok {
			pass = p
		}
		if strings.ContainsFunc(user+pass, forbidden) {
			return URL{}, refuse(u.Redacted(), "holds a control in its user name or password")
		}
	}
	s := u.String()
	switch {
	case len(s) > MaxLen:
		return URL{}, refuse(s, "longer than "+strconv.Itoa(MaxLen)+" bytes once normalised")
	case !printableASCII(s):
		return URL{}, refuse(s, "cannot be written in ASCII")
	}
	return URL{s: s}, nil
}

// normalHost lower-cases a host name and writes an internationalised one
// in its ASCII form; an IP address is written in its canonical form.
func normalHost(h string) (string, error) {
	if h == "" {
		return "", errString("has no host")
	}
	if ip := net.ParseIP(h); ip != nil {
		if ip4 := ip.To4(); ip4 != nil && !strings.Contains(h, ":") {
			return ip4.String(), nil
		}
		return ip.String(), nil
	}
	if strings.Contains(h, "%") || strings.Contains(h, ":") {
		return "", errString("has a bad host")
	}
	if printableASCII(h) {
		return strings.ToLower(h), nil
	}
	a, err := idna.Lookup.ToASCII(h)
	if err != nil || a == "" || !printableASCII(a) {
		return "", errString("has a host that is not a valid internationalised name")
	}
	return strings.ToLower(a), nil
}

// escapeHigh percent-encodes every byte of s outside printable ASCII, and
// the characters a URL may not hold unescaped ('"', '<', '>', '\\', '^',
// '`', '{', '|', '}').
func escapeHigh(s string) string {
	const hex = "0123456789ABCDEF"
	need := false
	for i := 0; i < len(s); i++ {
		if mustEscape(s[i]) {
			need = true
			break
		}
	}
	if !need {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if mustEscape(c) {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// mustEscape reports whether c may not stand unescaped in a query.
func mustEscape(c byte) bool {
	return c <= 0x20 || c >= 0x7f || strings.IndexByte(`"<>\^`+"`{|}", c) >= 0
}

// printableASCII reports whether s holds only bytes 0x21–0x7E.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// errString is an error that is just its text.
type errString string

// Error returns the text.
func (e errString) Error() string { return string(e) }
