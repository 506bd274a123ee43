package config

import (
	"errors"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// decodeError turns an error from go-toml's strict decoder into an *Error
// that names the file, line and full dotted key.
func decodeError(path string, doc []byte, err error) *Error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		return unknownKeyError(path, doc, strict.Errors)
	}
	var de *toml.DecodeError
	if !errors.As(err, &de) {
		return &Error{Path: path, Msg: err.Error()}
	}
	line, col := de.Position()
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	if len(de.Key()) == 0 {
		// Syntax errors carry no key.
		return &Error{Path: path, Line: line, Msg: "syntax error: " + msg}
	}
	// go-toml names the enclosing inline table rather than the key inside
	// it; the locator finds the innermost key at the error's position.
	loc := locate(doc)
	key, ok := loc.keyAt(line, col)
	if !ok {
		key = formatKey(de.Key())
	}
	if got, ok := loc.keys[key]; ok {
		want, known := schema()[key]
		switch {
		case known && want.accepts(got):
			if strings.HasPrefix(msg, "cannot decode") {
				// go-toml's message names internal Go types.
				msg = "wrong type: want " + want.name
			}
		case known && got.kind == unstable.Array && want.name == arrayOfStrings:
			msg = "wrong type: every element must be a string"
		case known:
			msg = "wrong type: got " + kindName(got.kind) + ", want " + want.name
		}
	}
	return &Error{Path: path, Line: line, Key: key, Msg: msg}
}

// unknownKeyError reports the first (topmost) unknown key or table.
func unknownKeyError(path string, doc []byte, errs []toml.DecodeError) *Error {
	first := &errs[0]
	for i := range errs {
		l, _ := errs[i].Position()
		if fl, _ := first.Position(); l < fl {
			first = &errs[i]
		}
	}
	line, col := first.Position()
	// go-toml reports keys inside inline tables without their table; the
	// locator knows the full key at that position.
	loc := locate(doc)
	key, ok := loc.keyAt(line, col)
	if !ok {
		key = formatKey(first.Key())
	}
	what := "unknown key"
	if k := loc.keys[key].kind; k == unstable.Table || k == unstable.ArrayTable {
		what = "unknown table"
	}
	return &Error{Path: path, Line: line, Key: key, Msg: what}
}

// kindName names a TOML value kind for error messages.
func kindName(k unstable.Kind) string {
	switch k {
	case unstable.String:
		return "string"
	case unstable.Integer:
		return "integer"
	case unstable.Float:
		return "float"
	case unstable.Bool:
		return "boolean"
	case unstable.Array:
		return "array"
	case unstable.Table, unstable.InlineTable:
		return "table"
	case unstable.ArrayTable:
		return "array of tables"
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		return "date/time"
	default:
		return strings.ToLower(k.String())
	}
}
