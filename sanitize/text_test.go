package sanitize

import "testing"

// TestText checks that text fields become plain, printable text.
func TestText(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"tags removed, entity decoded", "<b>Hi</b> &amp; bye", "Hi & bye"},
		{"plain text unchanged", "Tom & Jerry: 1 < 2", "Tom & Jerry: 1 < 2"},
		{"bare ampersand word", "AT&T", "AT&T"},
		{"numeric and named entities", "caf&#233; &mdash; na&iuml;ve", "café — naïve"},
		{"OSC 52 loses ESC and BEL", "\x1b]52;c;ZXZpbA==\x07title", "]52;c;ZXZpbA==title"},
		{"clear screen loses ESC", "\x1b[2J", "[2J"},
		{"escaped ESC decoded then removed", "&#27;[31mred", "[31mred"},
		{"C1 CSI", "\u009b31m", "31m"},
		{"C1 raw byte", "a\x9bb", "ab"},
		{"DEL", "a\x7fb", "ab"},
		{"NUL", "a\x00b", "ab"},
		{"bidi override", "a\u202eb", "ab"},
		{"escaped bidi override", "a&#x202e;b", "ab"},
		{"all bidi controls", "a\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069b", "ab"},
		{"BOM", "\ufeffTitle", "Title"},
		{"invalid UTF-8", "a\xff\xfeb", "ab"},
		{"tab and newline become one space", "a\tb\n\nc", "a b c"},
		{"white space collapsed and trimmed", "  lots \r\n of   space  ", "lots of space"},
		{"nbsp collapsed", "&nbsp;x&nbsp;&nbsp;y&nbsp;", "x y"},
		{"script content dropped", "<script>alert(1)</script>x", "x"},
		{"unclosed script drops the rest", "x<script>alert(1)", "x"},
		{"style content dropped", "<style>p{color:red}</style>x", "x"},
		{"iframe content dropped", "<iframe><b>in</b></iframe>x", "x"},
		{"noscript markup removed", "<noscript><img src=x onerror=alert(1)></noscript>ok", "ok"},
		{"comment dropped", "a<!-- <script>x</script> -->b", "ab"},
		{"IE conditional comment dropped", "<!--[if IE]><script>x</script><![endif]-->x", "x"},
		{"blocks separate words", "<p>a</p><p>b</p><br>c", "a b c"},
		{"inline elements do not", "un<b>believ</b>able", "unbelievable"},
		{"double-escaped markup removed too", "&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;", "bold"},
		{"double-escaped ampersand", "Tom &amp;amp; Jerry", "Tom & Jerry"},
		{"emoji sequence kept", "dev 👩‍💻", "dev 👩‍💻"},
		{"only markup", "<br/><hr>", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Text(tt.in)
			if got != tt.want {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := Text(got); again != got {
				t.Errorf("Text not idempotent: Text(%q) = %q", got, again)
			}
		})
	}
}

// TestTextFallback checks that input escaped more often than maxPasses
// still settles, with no markup left.
func TestTextFallback(t *testing.T) {
	in := "<b>x</b>"
	for range maxPasses + 2 {
		in = escapeOnce(in)
	}
	got := Text(in)
	if hasMarkup(got) {
		t.Errorf("Text(%q) = %q keeps markup", in, got)
	}
	if again := Text(got); again != got {
		t.Errorf("Text not idempotent: Text(%q) = %q", got, again)
	}
}

// escapeOnce HTML-escapes '&', '<' and '>'.
func escapeOnce(s string) string {
	var out []byte
	for _, c := range []byte(s) {
		switch c {
		case '&':
			out = append(out, "&amp;"...)
		case '<':
			out = append(out, "&lt;"...)
		case '>':
			out = append(out, "&gt;"...)
		default:
			out = append(out, c)
		}
	}
	return string(out)
}
