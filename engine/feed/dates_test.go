package feed

import (
	"testing"
	"time"
)

// TestParseDate checks the date forms feeds really send.
func TestParseDate(t *testing.T) {
	tests := []struct{ in, want string }{
		// W3C-DTF / RFC 3339 / ISO 8601
		{"2003-12-31T10:14:55Z", "2003-12-31T10:14:55Z"},
		{"2003-12-31T10:14:55.123-08:00", "2003-12-31T18:14:55Z"},
		{"2003-12-31T10:14:55+0100", "2003-12-31T09:14:55Z"},
		{"2003-12-31T10:14Z", "2003-12-31T10:14:00Z"},
		{"2003-12-31 10:14:55", "2003-12-31T10:14:55Z"},
		{"2003-12-31T10:14:55", "2003-12-31T10:14:55Z"},
		{"20031231T101455Z", "2003-12-31T10:14:55Z"},
		{"2003-12-31", "2003-12-31T00:00:00Z"},
		{"2003-12", "2003-12-01T00:00:00Z"},
		{"2003", "2003-01-01T00:00:00Z"},
		// RFC 822 / 1123 / 2822 and variants
		{"Thu, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"},
		{"Sat, 07 Sep 2002 09:42:31 PDT", "2002-09-07T16:42:31Z"},
		{"Sat, 07 Sep 2002 09:42:31 EST", "2002-09-07T14:42:31Z"},
		{"Sat, 07 Sep 02 09:42:31 -0500", "2002-09-07T14:42:31Z"},
		{"Sat, 07 Sep 99 09:42:31 GMT", "1999-09-07T09:42:31Z"},
		{"Sat, 07 Sep 2002 09:42 +0200", "2002-09-07T07:42:00Z"},
		{"07 Sep 2002 09:42:31 +0000", "2002-09-07T09:42:31Z"},
		{"Saturday, 07 September 2002 09:42:31 +02:00", "2002-09-07T07:42:31Z"},
		{"Sat, 7 Sep 2002 9:42:31", "2002-09-07T09:42:31Z"},
		{"Sat, 07 Sep 2002", "2002-09-07T00:00:00Z"},
		{"Sat, 07 Sep 2002 09:42:31 Z", "2002-09-07T09:42:31Z"},
		{"Sat, 07 Sep 2002 09:42:31 GMT+2", "2002-09-07T07:42:31Z"},
		{"Sat, 07 Sep 2002 09:42:31 -0700 (PDT)", "2002-09-07T16:42:31Z"},
		{"Sat, 07-Sep-2002 09:42:31 UT", "2002-09-07T09:42:31Z"},
		{"Sep 7, 2002 09:42:31 PM", "2002-09-07T21:42:31Z"},
		{"Sat, 07 Sep 2002 12:05 AM EST", "2002-09-07T05:05:00Z"},
		{"September 7, 2002", "2002-09-07T00:00:00Z"},
		{"Mon Jan  2 15:04:05 2006", "2006-01-02T15:04:05Z"},
		// nothing
		{"", ""},
		{"yesterday", ""},
		{"2003-13-01", ""},
		{"Sat, 31 Feb 2002 09:42:31 GMT", ""},
		{"Sat, 07 Sep 2002 09:42:31 XYZ", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := parseDate(tt.in)
			switch {
			case tt.want == "" && got != nil:
				t.Errorf("parseDate(%q) = %v, want nothing", tt.in, got)
			case tt.want == "":
			case got == nil:
				t.Errorf("parseDate(%q) = nil, want %s", tt.in, tt.want)
			case got.Format(time.RFC3339) != tt.want || got.Location() != time.UTC:
				t.Errorf("parseDate(%q) = %v, want %s", tt.in, got, tt.want)
			}
		})
	}
}
