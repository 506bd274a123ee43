package sanitize

import (
	"strings"
	"testing"
)

// fastInputs are near misses for [policyFast]: simple fragments it must
// take, and fragments one step outside what it takes.
var fastInputs = []struct {
	name, in string
	fast     bool
}{
	{"paragraphs and emphasis", "<p>Some <em>long</em> text.</p>\n<p>More</p>", true},
	{"link gets nofollow", `<p>a <a href="https://example.com/x?a=1&amp;b=2" title="T">l</a></p>`, true},
	{"relative link", `<a href='/posts/1'>x</a>`, true},
	{"image with dropped attributes", `<img src="https://cdn.example.net/1.jpg" alt="a" width="640" style="border:0" onload="track(1)">`, true},
	{"self-closing", `a<br/>b<hr/><img src="x.png" />`, true},
	{"entities in text", "Tom &amp; Jerry &#8217; &lt;b&gt; &quot;q&quot; it's \"x\" 1 > 0", true},
	{"entity for ESC in text", "a &#27; b", true},
	{"table", `<table><tr><td colspan="2">x</td></tr></table>`, true},
	{"repeated link", strings.Repeat(`<a href="http://example.com/x">l</a> `, 5), true},
	{"unicode", "<p>café — “quoted” 東京</p>", true},
	{"attributes dropped on a paragraph", `<p class="x" id='y'>t</p><div data-a="1" hidden>d</div>`, true},
	{"link checks", `<a href=" https://example.com/a" title="x">1</a><a href="HTTP://EXAMPLE.com/A">2</a><a href="//host/p?q=1&amp;r=2">3</a><a href="mailto:x@example.org" title="it's &amp; more">4</a>`, true},
	{"image checks", `<img src="" alt="x"><img src="/a.png" width="50%" height="abc"><img src=" data:image/png;base64,iVBORw0KGgo=" /><img src="x.png" alt="1 &#39; 2">`, true},
	{"repeated allowed attribute", `<a href="/a" title="t" href="/b">x</a>`, true},
	{"upper case attribute name", `<img SRC="/a.png" alt="a">`, true},
	{"abbr title", `<abbr title="HyperText">HTML</abbr><ol start="3"><li>x</li></ol>`, true},
	{"link with white space inside", `<a href="https://example.com/a b">x</a>`, false},
	{"link left without href", `<a href="javascript:alert(1)">x</a>`, false},
	{"anchor without attributes", `<a>x</a>`, false},
	{"script", `<p>x</p><script>alert(1)</script>`, true},
	{"embed script", `<blockquote class="twitter-tweet"><p>t</p></blockquote><script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>`, true},
	{"style", `<style>p { color: red }</style><p>x</p>`, true},
	{"script holding a tag", `<script>document.write("<b>x</b>")</script>`, false},
	{"script with a comment", `<script><!-- x --></script>`, false},
	{"self-closing script", `<script src="x"/><p>y</p>`, false},
	{"script left open", `<script>x`, false},
	{"script ended in upper case", `<script>x</SCRIPT>y`, false},
	{"removed elements", `<section id="s"><font color="red">x</font><o:p></o:p><svg><circle r="1"/></svg><my-el>y</my-el></section>`, true},
	{"gutenberg comments", "<!-- wp:paragraph {\"align\":\"left-ish\"} -->\n<p>x</p>\n<!-- /wp:paragraph --><!---->", true},
	{"comment ended at once", `<!-->x<p>y</p>`, false},
	{"comment ended at once by a dash", `<!--->x<p>y</p>`, false},
	{"comment with a double dash", `<!-- a -- b -->x`, false},
	{"comment ended by --!>", `<!-- a --!>x<p>y</p>-->`, false},
	{"comment left open", `<!-- a`, false},
	{"template", `<template><p>x</p></template>`, false},
	{"noscript", `<noscript><p>x</p></noscript>`, false},
	{"object", `<object data="x">y</object>`, false},
	{"iframe", `<iframe src="x"></iframe>`, false},
	{"comment", `<p>x<!-- more --></p>`, true},
	{"upper case tag", `<P>x</P>`, false},
	{"unquoted value", `<a href=x>y</a>`, false},
	{"space around equals", `<a href = "x">y</a>`, false},
	{"less-than in text", `a < b`, false},
	{"carriage return", "a\r\nb", false},
	{"end tag with attribute", `<p>x</p class="y">`, false},
	{"unterminated tag", `<p class="x"`, false},
	{"unterminated value", `<p class="x>y</p>`, false},
	{"removed element", `<font color="red">x</font>`, true},
	{"title element", `<title>x</title>`, false},
	{"textarea", `<textarea><p>x</p></textarea>`, false},
	{"slash inside tag", `<img / src="x">`, false},
}

// TestPolicyFastNearMisses checks each near miss: taken or not as
// expected, and when taken exactly the policy's output.
func TestPolicyFastNearMisses(t *testing.T) {
	for _, tt := range fastInputs {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := policyFast(tt.in)
			if ok != tt.fast {
				t.Fatalf("policyFast(%q) took it: %v, want %v", tt.in, ok, tt.fast)
			}
			if want := policySanitize(tt.in); ok && got != want {
				t.Errorf("policyFast(%q)\n = %q\nwant %q", tt.in, got, want)
			}
		})
	}
}

// TestPolicyFastMatchesPolicy is the proof of [policyFast] over every
// input of [TestHTMLOnePassIsFinal] (the corpora, the feeds, the fuzz
// seeds and saved fuzz inputs), as given and as [htmlPass] hands them to
// the policy: wherever the fast path answers, its answer is the policy's.
// It also checks that the fast path answers for some of them.
func TestPolicyFastMatchesPolicy(t *testing.T) {
	taken, total := 0, 0
	for _, raw := range onePassInputs(t) {
		const layout = keepTab | keepLF | keepCR
		for _, in := range []string{raw, unwrapFallback(stripControls(raw, layout))} {
			total++
			got, ok := policyFast(in)
			if !ok {
				continue
			}
			taken++
			if want := policySanitize(in); got != want {
				t.Errorf("policyFast(%q)\n = %q\nwant %q", in, got, want)
			}
		}
	}
	t.Logf("%d of %d inputs took the fast path", taken, total)
	if taken == 0 {
		t.Error("no input took the fast path")
	}
}

// TestPolicyFastTakesFeedContent checks that the fast path answers for the
// content the benchmarks sanitize, or it would save nothing.
func TestPolicyFastTakesFeedContent(t *testing.T) {
	for name, in := range map[string]string{"farm": farmContent, "paragraphs": paragraphContent} {
		t.Run(name, func(t *testing.T) {
			got, ok := policyFast(in)
			if !ok {
				t.Fatalf("policyFast refused %q", in)
			}
			if want := policySanitize(in); got != want {
				t.Errorf("policyFast(%q)\n = %q\nwant %q", in, got, want)
			}
		})
	}
}

// FuzzPolicyFast checks that wherever [policyFast] answers, on random
// input and on what [htmlPass] makes of it before the policy, its answer
// is exactly the policy's.
func FuzzPolicyFast(f *testing.F) {
	addSeeds(f)
	for _, tt := range fastInputs {
		f.Add(tt.in)
	}
	f.Add(farmContent)
	f.Fuzz(func(t *testing.T, raw string) {
		const layout = keepTab | keepLF | keepCR
		for _, in := range []string{raw, unwrapFallback(stripControls(raw, layout))} {
			got, ok := policyFast(in)
			if !ok {
				continue
			}
			if want := policySanitize(in); got != want {
				t.Fatalf("policyFast(%q)\n = %q\nwant %q", in, got, want)
			}
		}
	})
}

// TestTagTableKeepsEveryEndTag checks what [simpleTag] relies on to tell
// an allowed element's end tag from a removed one's by [tagTable] alone:
// the policy keeps the end tag of every element it allows.
func TestTagTableKeepsEveryEndTag(t *testing.T) {
	for _, name := range allowedElements() {
		if out := tagTable.out["</"+name+">"]; out != "</"+name+">" {
			t.Errorf("policy writes %q for </%s>", out, name)
		}
	}
}

// TestFastAttrTagEveryElement checks [fastAttrTag] on every allowed
// element with each attribute any rule of the policy names and a few it
// does not, with ordinary and awkward values: wherever it answers, its
// answer is the policy's. It pins the rules fastAttrTag mirrors to the
// policy of policy.go.
func TestFastAttrTagEveryElement(t *testing.T) {
	keys := []string{"href", "src", "title", "alt", "width", "height", "start", "cite",
		"colspan", "rowspan", "class", "style", "rel", "target", "onclick", "srcset"}
	vals := []string{"https://example.com/a?b=1&amp;c=2", "/rel/path", "mailto:x@example.org",
		"javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "640", "50%", "1234567",
		"", " spaced ", "a b", "it's \"q\" <x>", "HTTP://EXAMPLE.COM/%zz", "#frag", "nofollow"}
	answered := 0
	for _, name := range allowedElements() {
		for _, key := range keys {
			for _, val := range vals {
				for _, tag := range []string{
					"<" + name + " " + key + `="` + val + `">`,
					"<" + name + " " + key + `='` + val + `' title="t"/>`,
					"<" + name + ` class="c" ` + key + `="` + val + `" href="/x">`,
				} {
					if n, kind, _ := simpleTag(tag); n != len(tag) || kind != tagAttrs {
						continue
					}
					var b strings.Builder
					if !fastAttrTag(&b, tag) {
						continue
					}
					got := b.String()
					answered++
					if want := policySanitize(tag); got != want {
						t.Errorf("fastAttrTag(%q)\n = %q\nwant %q", tag, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d tags answered", answered)
}

// TestMatchesLinkURL checks the shortcut of matchesLinkURL against the
// regular expression on the values it decides alone and a few it does not.
func TestMatchesLinkURL(t *testing.T) {
	for _, val := range []string{"https://example.com/", "http://x", "/a", "//host/p", "https:", "http:/x",
		"/", "javascript:x", "data:x", " https://x", "mailto:a@b", "HTTPS://X", "x", ""} {
		t.Run(val, func(t *testing.T) {
			if got, want := matchesLinkURL(val), linkURL.MatchString(val); got != want {
				t.Errorf("matchesLinkURL(%q) = %v, the pattern says %v", val, got, want)
			}
		})
	}
}
