package remote

import (
	"encoding/base64"
	"encoding/json"
	"html"
	"net/url"
	"strings"
	"sync"

	"github.com/tidings-rss/tidings/sanitize"
)

// scrubbed is what a secret reads as in a message of the server.
const scrubbed = "********"

// maxMessage bounds a server's message as tidings shows it, in bytes.
const maxMessage = 200

// secrets are the values a message of the server must never carry out
// of the Service: the password, the API token, the session tokens the
// server gave, each in every form a server could echo it in. A server's
// message is scrubbed of them (and of the request's body) before it goes
// into an error, and so before it is printed, logged or stored.
type secrets struct {
	mu   sync.Mutex
	list []string
}

// add remembers a secret with its encoded forms: URL-encoded (a form
// body), JSON- and HTML-escaped, base64 (a basic-auth header). user, when
// not "", adds the base64 of "user:secret".
func (s *secrets) add(user, secret string) {
	if secret == "" {
		return
	}
	forms := []string{secret, url.QueryEscape(secret), url.PathEscape(secret), html.EscapeString(secret),
		base64.StdEncoding.EncodeToString([]byte(secret)), collapsed(secret)}
	if b, err := json.Marshal(secret); err == nil {
		forms = append(forms, strings.Trim(string(b), `"`))
	}
	if user != "" {
		forms = append(forms, base64.StdEncoding.EncodeToString([]byte(user+":"+secret)))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range forms {
		if f != "" && !containsString(s.list, f) {
			s.list = append(s.list, f)
		}
	}
}

// scrub returns msg, a message of the server, fit to show: every secret
// and extra (the request's body) replaced by "********", then made one
// line of plain text (sanitize.Text) and scrubbed again — dropping a
// control could join a secret the server had split — then shortened to
// maxMessage bytes.
func (s *secrets) scrub(msg string, extra ...string) string {
	s.mu.Lock()
	list := append(append([]string{}, s.list...), extra...)
	s.mu.Unlock()
	replace := func(m string) string {
		for _, v := range list {
			if v != "" {
				m = strings.ReplaceAll(m, v, scrubbed)
			}
		}
		return m
	}
	return shorten(replace(sanitize.Text(replace(msg))), maxMessage)
}

// collapsed is a secret as sanitize.Text would leave it in a message.
func collapsed(s string) string { return sanitize.Text(s) }

// shorten cuts s to at most n bytes, on a rune boundary, marking the cut
// with "…" (within the n).
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !runeStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// runeStart reports whether b begins a UTF-8 sequence.
func runeStart(b byte) bool { return b&0xC0 != 0x80 }

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
