package config

import (
	"strconv"
	"strings"
)

// Error is a problem with the configuration: a key that is unknown, has the
// wrong type or an invalid value, or a TOML syntax error. Its message is a
// single line such as
//
//	config /path/config.toml:7: sync.download_threads = 99: must be between 1 and 16
//
// Load returns every failure as an *Error; use errors.As to inspect it.
type Error struct {
	// Path is the configuration file, or "" when the Config did not come
	// from a file (Validate).
	Path string
	// Line is the 1-based line of the offending key or value, or 0 when
	// unknown.
	Line int
	// Key is the dotted TOML key, such as "sync.download_threads", or ""
	// when the error concerns no particular key (some syntax errors).
	Key string
	// Value is the offending value written as in TOML, or "" when the error
	// is not about a value (unknown key, wrong type, syntax).
	Value string
	// Msg describes the problem.
	Msg string
	// Err is the underlying error, if any (for example from reading the
	// file); it is returned by Unwrap.
	Err error
	// at is where the value is, when Key does not say it alone: the key
	// with the index of its table in an array of tables
	// ("highlight[1].color").
	at string
}

// where is the key the error's line is looked up by.
func (e *Error) where() string {
	if e.at != "" {
		return e.at
	}
	return e.Key
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error {
	return e.Err
}

// Error implements the error interface.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("config")
	if e.Path != "" {
		b.WriteString(" ")
		b.WriteString(e.Path)
	}
	if e.Line > 0 {
		b.WriteString(":")
		b.WriteString(strconv.Itoa(e.Line))
	}
	b.WriteString(": ")
	if e.Key != "" {
		b.WriteString(e.Key)
		if e.Value != "" {
			b.WriteString(" = ")
			b.WriteString(e.Value)
		}
		b.WriteString(": ")
	}
	b.WriteString(oneLine(e.Msg))
	return b.String()
}

// oneLine collapses any line breaks so that an error stays on one line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// formatKey renders key parts as a dotted TOML key, quoting parts that are
// not bare keys.
func formatKey(parts []string) string {
	quoted := make([]string, len(parts))
	for i, p := range parts {
		if isBareKey(p) {
			quoted[i] = p
		} else {
			quoted[i] = strconv.Quote(p)
		}
	}
	return strings.Join(quoted, ".")
}

// isBareKey reports whether s can be written as an unquoted TOML key.
func isBareKey(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		ok := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
		if !ok {
			return false
		}
	}
	return true
}
