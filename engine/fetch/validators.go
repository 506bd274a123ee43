package fetch

import "net/http"

// maxValidator is the longest ETag or Last-Modified kept. Real ones are
// under 100 bytes; a longer one is a server's mistake or a way to store
// and resend junk.
const maxValidator = 512

// validatorsOf returns the ETag and Last-Modified of h as they may be
// stored and sent back: each exactly as received when it is printable
// ASCII (0x20–0x7E) within maxValidator bytes, else "" (as if the server
// had sent none, which only costs the next request its condition).
func validatorsOf(h http.Header) Validators {
	return Validators{ETag: printableValidator(h.Get("ETag")), LastModified: printableValidator(h.Get("Last-Modified"))}
}

// printableValidator returns v, or "" when v is too long or holds a byte
// outside printable ASCII.
func printableValidator(v string) string {
	if len(v) > maxValidator {
		return ""
	}
	for i := 0; i < len(v); i++ {
		if v[i] < 0x20 || v[i] > 0x7e {
			return ""
		}
	}
	return v
}
