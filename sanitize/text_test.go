package sanitize

import "testing"

// TestText checks that a text field keeps its characters, '<', '>' and '&'
// included, and loses only controls, invalid UTF-8 and extra white space.
func TestText(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"brackets are text", "History of the <blink> tag", "History of the <blink> tag"},
		{"comparison is text", "if a<b and c>d", "if a<b and c>d"},
		{"generics are text", "Option<T>", "Option<T>"},
		{"references are text", "Tom &amp; Jerry", "Tom &amp; Jerry"},
		{"plain text unchanged", "Tom & Jerry: 1 < 2", "Tom & Jerry: 1 < 2"},
		{"OSC 52 loses ESC and BEL", "\x1b]52;c;ZXZpbA==\x07title", "]52;c;ZXZpbA==title"},
		{"clear screen loses ESC", "\x1b[2J", "[2J"},
		{"C1 CSI", "\u009b31m", "31m"},
		{"C1 raw byte", "a\x9bb", "ab"},
		{"DEL", "a\x7fb", "ab"},
		{"NUL", "a\x00b", "ab"},
		{"bidi override", "a\u202eb", "ab"},
		{"all bidi controls", "a\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069b", "ab"},
		{"BOM", "\ufeffTitle", "Title"},
		{"invalid UTF-8", "a\xff\xfeb", "ab"},
		{"tab and newline become one space", "a\tb\n\nc", "a b c"},
		{"white space collapsed and trimmed", "  lots \r\n of   space  ", "lots of space"},
		{"nbsp collapsed", "\u00a0x\u00a0\u00a0y\u00a0", "x y"},
		{"emoji sequence kept", "dev 👩‍💻", "dev 👩‍💻"},
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

// TestTextFromHTML checks that an HTML value becomes its text: markup
// removed, references decoded exactly once, fallback content kept.
func TestTextFromHTML(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"tags removed, entity decoded", "<b>Hi</b> &amp; bye", "Hi & bye"},
		{"real markup", "Bold <b>tags</b> here", "Bold tags here"},
		{"escaped brackets become text", "Using the &lt;dialog&gt; element", "Using the <dialog> element"},
		{"decoded once only", "&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;", "&lt;b&gt;bold&lt;/b&gt;"},
		{"double-escaped ampersand", "Tom &amp;amp; Jerry", "Tom &amp; Jerry"},
		{"bare ampersand word", "AT&T", "AT&T"},
		{"numeric and named entities", "caf&#233; &mdash; na&iuml;ve", "café — naïve"},
		{"escaped ESC decoded then removed", "&#27;[31mred", "[31mred"},
		{"escaped bidi override", "a&#x202e;b", "ab"},
		{"nbsp collapsed", "&nbsp;x&nbsp;&nbsp;y&nbsp;", "x y"},
		{"script content dropped", "<script>alert(1)</script>x", "x"},
		{"unclosed script drops the rest", "x<script>alert(1)", "x"},
		{"style content dropped", "<style>p{color:red}</style>x", "x"},
		{"iframe fallback kept", "<iframe src=x>see <b>here</b></iframe>x", "see here x"},
		{"noscript markup removed, text kept", "<noscript><img src=x onerror=alert(1)>no js</noscript>ok", "no js ok"},
		{"mathml text kept", "<math><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow></math>", "a+b"},
		{"comment dropped", "a<!-- <script>x</script> -->b", "ab"},
		{"IE conditional comment dropped", "<!--[if IE]><script>x</script><![endif]-->x", "x"},
		{"blocks separate words", "<p>a</p><p>b</p><br>c", "a b c"},
		{"inline elements do not", "un<b>believ</b>able", "unbelievable"},
		{"controls removed", "a\x1b[2Jb\u202e", "a[2Jb"},
		{"only markup", "<br/><hr>", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := TextFromHTML(tt.in); got != tt.want {
				t.Errorf("TextFromHTML(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestIsCollapsed checks the fast path of [Text] on values that need no
// work, ASCII or not, and on near misses: what it accepts, collapsing
// leaves as it is; what it refuses, collapsing changes.
func TestIsCollapsed(t *testing.T) {
	tests := map[string]bool{
		"":                        true,
		"What we learned":         true,
		"Déjà vu: “quoted” café":  true,
		"東京の数据库 Straße":           true,
		"AT&T <blink>":            true,
		"two  spaces":             false,
		" leading":                false,
		"trailing ":               false,
		"tab\there":               false,
		"nbsp\u00a0inside":        false,
		"ideographic\u3000space":  false,
		"\u00a0":                  false,
		"bidi\u202eoverride":      false,
		"C1\u0085next line":       false,
		"bad \xff byte":           false,
		"DEL\x7f":                 false,
		"replacement \ufffd kept": true,
	}
	for in, want := range tests {
		t.Run(in, func(t *testing.T) {
			if got := isCollapsed(in); got != want {
				t.Errorf("isCollapsed(%q) = %v, want %v", in, got, want)
			}
			if unchanged := collapseAll(in) == in; unchanged != want {
				t.Errorf("collapseAll(%q) = %q: unchanged %v, want %v", in, collapseAll(in), unchanged, want)
			}
		})
	}
}
