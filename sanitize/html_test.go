package sanitize

import (
	"strings"
	"testing"
)

// TestHTML checks the exact output for kept structure and for every kind of
// hostile markup; every output is also checked for live tokens, terminal
// controls and idempotence.
func TestHTML(t *testing.T) {
	const png = "data:image/png;base64,iVBORw0KGgo="
	tests := []struct {
		name string
		in   string
		want string
	}{
		// Kept.
		{"bold and entity", "<b>Hi</b> &amp; bye", "<b>Hi</b> &amp; bye"},
		{"link gets nofollow", `<p>Hello <a href="https://example.com/" title="t">link</a></p>`,
			`<p>Hello <a href="https://example.com/" title="t" rel="nofollow">link</a></p>`},
		{"relative link", `<a href="/path?x=1&amp;y=2">x</a>`, `<a href="/path?x=1&amp;y=2" rel="nofollow">x</a>`},
		{"mailto link", `<a href="mailto:a@example.com">m</a>`, `<a href="mailto:a@example.com" rel="nofollow">m</a>`},
		{"image", `<img src="https://x.org/a.png" alt="A" title="T" width="100" height="50%">`,
			`<img src="https://x.org/a.png" alt="A" title="T" width="100" height="50%">`},
		{"data image kept", `<img src="` + png + `" alt="dot">`, `<img src="` + png + `" alt="dot">`},
		{"structure", `<div><h2>t</h2><p>a<br>b</p><hr><ul><li>x</li></ul><ol start="3"><li>y</li></ol><dl><dt>k</dt><dd>v</dd></dl></div>`,
			`<div><h2>t</h2><p>a<br>b</p><hr><ul><li>x</li></ul><ol start="3"><li>y</li></ol><dl><dt>k</dt><dd>v</dd></dl></div>`},
		{"code and quote", `<blockquote cite="https://x.org/"><pre><code>a &lt; b</code></pre></blockquote>`,
			`<blockquote cite="https://x.org/"><pre><code>a &lt; b</code></pre></blockquote>`},
		{"inline", `<em>e</em><strong>s</strong><i>i</i><u>u</u><s>s</s><sub>1</sub><sup>2</sup><abbr title="HyperText">HT</abbr><span>sp</span>`,
			`<em>e</em><strong>s</strong><i>i</i><u>u</u><s>s</s><sub>1</sub><sup>2</sup><abbr title="HyperText">HT</abbr><span>sp</span>`},
		{"table", `<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="x">1</td></tr></tbody></table>`,
			`<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>`},
		{"figure", `<figure><img src="a.png"><figcaption>c</figcaption></figure>`, `<figure><img src="a.png"><figcaption>c</figcaption></figure>`},

		// Script and event handlers.
		{"script", "<script>alert(1)</script>x", "x"},
		{"img onerror", `<img src=x onerror=alert(1)>`, `<img src="x">`},
		{"onclick on allowed element", `<p onclick="alert(1)">a</p>`, `<p>a</p>`},
		{"javascript href", `<a href="javascript:alert(1)">x</a>`, "x"},
		{"javascript href obfuscated", `<a href="jav&#x09;ascript:alert(1)">x</a>`, "x"},
		{"vbscript href", `<a href="vbscript:msgbox(1)">x</a>`, "x"},
		{"data html href", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`, "x"},
		{"data image href refused", `<a href="` + png + `">x</a>`, "x"},
		{"data image href behind space refused", `<a href=" ` + png + `">x</a>`, "x"},
		{"data image href behind nbsp refused", `<a href="&nbsp;` + png + `">x</a>`, "x"},
		{"data image cite refused", `<blockquote cite="` + png + `">q</blockquote>`, "<blockquote>q</blockquote>"},
		{"data svg image refused", `<img src="data:image/svg+xml;base64,PHN2Zz4=">x`, "x"},
		{"data html image refused", `<img src="data:text/html;base64,PHNjcmlwdD4=">x`, "x"},
		{"svg onload", `<svg onload="alert(1)"><circle r="1"/></svg>x`, "x"},
		{"math keeps its text", `<math><mi xlink:href="javascript:alert(1)">m</mi></math>x`, "mx"},
		{"mathml sum", `<math><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow></math>`, "a+b"},
		{"svg title kept, script not", `<svg><title>Chart</title><script>alert(1)</script><style>x{}</style></svg>`, "Chart"},

		// Style.
		{"style element", "<style>body{background:url(javascript:alert(1))}</style>text", "text"},
		{"style attribute", `<p style="background:url(javascript:alert(1))">x</p>`, "<p>x</p>"},
		{"css expression", `<div style="width: expression(alert(1))">x</div>`, "<div>x</div>"},

		// Frames, objects, forms, document-level elements.
		{"iframe", `<iframe src="https://evil.example/"></iframe>after`, "after"},
		{"iframe fallback kept as HTML", `safe<iframe src="https://evil.example/"> <b>description</b><script>x</script></iframe>`,
			"safe <b>description</b>"},
		{"noscript fallback kept", `<noscript><p onclick="x()">Enable JS</p></noscript>`, "<p>Enable JS</p>"},
		{"frame does not swallow the rest", `<frame src="https://evil.example/">after`, "after"},
		{"frameset", `<frameset><frame src="https://evil.example/"></frameset>after`, "after"},
		{"object and embed", `<object data="x.swf"><param name="a" value="b"><embed src="x.swf"></object>after`, "after"},
		{"object fallback kept", `safe<object classid="clsid:x"> <b>description</b></object>`, "safe <b>description</b>"},
		{"applet fallback kept", `<applet code="x.class">fallback</applet>after`, "fallbackafter"},
		{"form", `<form action="https://evil.example/"><input name="q"><button>Go</button></form>`, "Go"},
		{"meta refresh", `<meta http-equiv="refresh" content="0;url=https://evil.example/">x`, "x"},
		{"base href", `<base href="https://evil.example/">x`, "x"},
		{"link stylesheet", `<link rel="stylesheet" href="https://evil.example/x.css">x`, "x"},
		{"comment", "a<!--[if IE]><script>x</script><![endif]-->b", "ab"},

		// Terminal controls.
		{"OSC 52", "\x1b]52;c;ZXZpbA==\x07title", "]52;c;ZXZpbA==title"},
		{"clear screen", "a\x1b[2Jb", "a[2Jb"},
		{"escaped ESC", "a&#27;[2Jb", "a[2Jb"},
		{"C1 CSI", "\u009b31m", "31m"},
		{"bidi override in text", "a\u202eb", "ab"},
		{"escaped bidi override in attribute", `<abbr title="x&#x202e;y">a</abbr>`, `<abbr title="xy">a</abbr>`},
		{"layout characters kept", "a\tb\nc", "a\tb\nc"},
		{"invalid UTF-8", "a\xffb", "ab"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := HTML(tt.in)
			if got != tt.want {
				t.Errorf("HTML(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			assertSafeHTML(t, tt.in, got)
		})
	}
}

// assertSafeHTML fails when out, the result of HTML(in), holds a live
// dangerous token, a terminal control, or changes when sanitized again.
func assertSafeHTML(t *testing.T, in, out string) {
	t.Helper()
	if live := liveTokens(out); len(live) > 0 {
		t.Errorf("HTML(%q) = %q keeps %v live", in, out, live)
	}
	if i := firstDropped(out, keepTab|keepLF|keepCR); i >= 0 {
		t.Errorf("HTML(%q) = %q keeps a control at byte %d", in, out, i)
	}
	if again := HTML(out); again != out {
		t.Errorf("HTML not idempotent:\n once %q\ntwice %q", out, again)
	}
}

// TestHTMLConcurrent runs the shared policy from many goroutines, for the
// race detector.
func TestHTMLConcurrent(t *testing.T) {
	in := strings.Repeat(`<p onclick="x">a <a href="https://x.org/">b</a></p>`, 20)
	want := HTML(in)
	for i := range 8 {
		t.Run("goroutine "+string(rune('0'+i)), func(t *testing.T) {
			t.Parallel()
			for range 50 {
				if got := HTML(in); got != want {
					t.Fatalf("HTML differs under concurrency: %q", got)
				}
			}
		})
	}
}

// TestHTMLFallbackIsFinal checks that the result [HTML] falls back to, for
// input that would not settle, is left unchanged by the policy.
func TestHTMLFallbackIsFinal(t *testing.T) {
	tests := []string{
		`a "quoted" & <tag> 'x'`,
		"&amp;lt;script&amp;gt;\x1b",
		"<p>text</p>\r\n<b>more</b>",
	}
	for _, in := range tests {
		t.Run(in, func(t *testing.T) {
			out := escapeText(in)
			if again, _ := htmlPass(out); again != out {
				t.Errorf("htmlPass(escapeText(%q)) = %q, want %q", in, again, out)
			}
		})
	}
}
