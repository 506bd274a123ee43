package enclosure

import "testing"

func TestParseContentRange(t *testing.T) {
	for _, c := range []struct {
		in   string
		want contentRange
		ok   bool
	}{
		{"bytes 0-99/100", contentRange{0, 99, 100}, true},
		{"bytes 100-199/*", contentRange{100, 199, -1}, true},
		{"Bytes 5-5/6", contentRange{5, 5, 6}, true},
		{"bytes 0-100/100", contentRange{}, false},
		{"bytes 9-3/100", contentRange{}, false},
		{"bytes */100", contentRange{}, false},
		{"items 0-1/2", contentRange{}, false},
		{"", contentRange{}, false},
	} {
		got, err := parseContentRange(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("parseContentRange(%q) = %+v, %v", c.in, got, err)
		}
	}
}
