package remote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// The JSON readers every decoder is built of. They read an answer a value
// at a time and count what they keep, so that what a server sends is
// bounded by the bounds (limits.go), never by how compactly it can write
// "[{},{},…]": a list is read one element at a time and refused past its
// bound, a nested list keeps its first few elements.

// errNotJSON means an answer is not the JSON value expected.
var errNotJSON = errors.New("not the JSON expected")

// decodeObject reads one JSON object from r, giving the value of each key
// that has a reader in fields to it and skipping the others.
func decodeObject(r io.Reader, fields map[string]func(*json.Decoder) error) error {
	return objectFields(json.NewDecoder(r), fields)
}

// objectFields reads an object at dec's position.
func objectFields(dec *json.Decoder, fields map[string]func(*json.Decoder) error) error {
	if err := expectDelim(dec, '{'); err != nil {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if read := fields[key]; read != nil {
			if err := read(dec); err != nil {
				return err
			}
			continue
		}
		if err := skipValue(dec); err != nil {
			return err
		}
	}
	_, err := dec.Token() // }
	return err
}

// decodeArray reads a list at dec's position (null is an empty one),
// calling each for every element, at most limit of them: one more fails
// with ErrTooMuch saying what (what names the elements).
func decodeArray(dec *json.Decoder, limit int, what string, each func(*json.Decoder) error) error {
	tok, err := dec.Token()
	if err != nil || tok == nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return fmt.Errorf("%w: %s is not a list", errNotJSON, what)
	}
	for n := 0; dec.More(); n++ {
		if n == limit {
			return tooMuch("more than %d %s in one answer", limit, what)
		}
		if err := each(dec); err != nil {
			return err
		}
	}
	_, err = dec.Token() // ]
	return err
}

// expectDelim reads the delimiter d.
func expectDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		return fmt.Errorf("%w: want %q", errNotJSON, d)
	}
	return nil
}

// skipValue reads past the value at dec's position without keeping it.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

// fewMax is how many elements of a nested list are kept (an item's
// links, categories, enclosures; a subscription's categories).
const fewMax = 32

// few is a nested JSON list of which the first fewMax elements are kept
// and the rest skipped; null or a value of another kind is an empty list.
type few[T any] []T

// UnmarshalJSON keeps the first fewMax elements.
func (f *few[T]) UnmarshalJSON(b []byte) error {
	*f = nil
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '[' {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	return decodeArray(dec, -1, "elements", func(d *json.Decoder) error {
		if len(*f) == fewMax {
			return skipValue(d)
		}
		var v T
		if err := d.Decode(&v); err != nil {
			return err
		}
		*f = append(*f, v)
		return nil
	})
}

// flexString is a JSON value written as a string or a number; any other
// kind of value (null, an object) reads as "".
type flexString string

// UnmarshalJSON accepts "12", 12 and anything else as "".
func (f *flexString) UnmarshalJSON(b []byte) error {
	*f = ""
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexString(s)
	case len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9'):
		*f = flexString(b)
	}
	return nil
}

// text is a JSON string; any other kind of value reads as "".
type text string

// UnmarshalJSON accepts a string and reads anything else as "".
func (t *text) UnmarshalJSON(b []byte) error {
	*t = ""
	if b = bytes.TrimSpace(b); len(b) == 0 || b[0] != '"' {
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*t = text(s)
	return nil
}
