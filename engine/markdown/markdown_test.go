package markdown

import (
	"strings"
	"testing"
)

func TestFromHTML(t *testing.T) {
	tests := []struct{ name, html, want string }{
		{"empty", "", ""},
		{"only white space", "<p> \n </p>", ""},
		{"paragraphs", "<p>One\n  two.</p><p>Three.</p>", "One two.\n\nThree.\n"},
		{"text around blocks", "Lead<p>Para</p>tail", "Lead\n\nPara\n\ntail\n"},
		{"headings", "<h1>Big</h1><h3>Small <em>one</em></h3>", "# Big\n\n### Small *one*\n"},
		{"emphasis", "<p>a <em>b</em> <strong>c</strong> <del>d</del> <i> e </i>.</p>", "a *b* **c** ~~d~~ *e* .\n"},
		{"link", `<p>See <a href="https://example.com/a b(c)">the <b>docs</b></a>.</p>`,
			"See [the **docs**](https://example.com/a%20b%28c%29).\n"},
		{"link without text", `<a href="https://example.com/x_y">  </a>`, "[https://example.com/x\\_y](https://example.com/x_y)\n"},
		{"anchor link is text", `<a href="#top">top</a>`, "top\n"},
		{"image", `<p><img src="https://example.com/a.png" alt="a [diagram]"></p>`, "![a \\[diagram\\]](https://example.com/a.png)\n"},
		{"data image is its alt", `<img src="data:image/png;base64,AA==" alt="dot">`, "dot\n"},
		{"line breaks", "<p>one<br>two<br></p>", "one\\\ntwo\n"},
		{"escapes", `<p>*not* _em_ [x] &lt;tag&gt; a|b \ 1~2 ` + "`c`" + `</p>`,
			"\\*not\\* \\_em\\_ \\[x\\] \\<tag\\> a\\|b \\\\ 1\\~2 \\`c\\`\n"},
		{"line starts", "<p># not a heading</p><p>- not a list</p><p>1. not a list</p><p>+1</p>",
			"\\# not a heading\n\n\\- not a list\n\n1\\. not a list\n\n\\+1\n"},
		{"code span", "<p>run <code>a `b` c</code> now</p>", "run ``a `b` c`` now\n"},
		{"code block", "<pre><code>if x {\n\treturn ```y```\n}\n</code></pre>", "````\nif x {\n\treturn ```y```\n}\n````\n"},
		{"lists", "<ul><li>one</li><li>two<ul><li>inner</li></ul></li></ul><ol start=\"3\"><li>three</li><li><p>four</p><p>more</p></li></ol>",
			"- one\n- two\n\n  - inner\n\n3. three\n4. four\n\n   more\n"},
		{"quote", "<blockquote><p>Be polite.</p><p>Always.</p></blockquote>", "> Be polite.\n>\n> Always.\n"},
		{"rule", "<p>a</p><hr><p>b</p>", "a\n\n---\n\nb\n"},
		{"table", "<table><caption>Scores</caption><thead><tr><th>Name</th><th>Score</th></tr></thead>" +
			"<tbody><tr><td>A|B</td><td><b>3</b></td></tr><tr><td>C</td></tr></tbody></table>",
			"Scores\n\n| Name | Score |\n| --- | --- |\n| A\\|B | **3** |\n| C |  |\n"},
		{"quote q", "<p><q>hi</q></p>", "“hi”\n"},
		{"script and style dropped", "<style>p{}</style><p>x</p><script>y</script>", "x\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FromHTML(tt.html); got != tt.want {
				t.Errorf("FromHTML(%q) =\n%q\nwant\n%q", tt.html, got, tt.want)
			}
		})
	}
}

// Whatever the input, the output is text without a NUL (the marker of a
// line break) and ends with one line break unless empty.
func FuzzFromHTML(f *testing.F) {
	f.Add("<p>a<br>b</p><ul><li>x</li></ul><table><tr><td>1</td></tr></table>")
	f.Add("<pre>`</pre><code>``</code>")
	f.Fuzz(func(t *testing.T, src string) {
		out := FromHTML(src)
		if strings.Contains(out, "\x00") {
			t.Fatalf("NUL in %q", out)
		}
		if out != "" && (!strings.HasSuffix(out, "\n") || strings.HasSuffix(out, "\n\n")) {
			t.Fatalf("output %q does not end with exactly one line break", out)
		}
	})
}
