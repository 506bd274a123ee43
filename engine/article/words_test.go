package article

import "testing"

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"plain words, three", 3},
		{"<p>one two</p><p>three</p>", 3},
		{"<p>un<b>believ</b>able</p>", 1},
		{"<p>end</p><p>start</p>", 2},
		{"one<br>two", 2},
		{"<td>a</td><td>b</td>", 2},
		{"<p>text</p><script>var a = 1; var b = 2;</script><style>p { x: y }</style><p>more</p>", 2},
		{"caf&eacute; &amp; bar", 3},
		{"<pre><code>if x &gt; 1 {\n\treturn\n}</code></pre>", 7},
	}
	for _, tt := range tests {
		if got := Words(tt.in); got != tt.want {
			t.Errorf("Words(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestReadingMinutes(t *testing.T) {
	for words, want := range map[int]int{0: 0, -1: 0, 1: 1, 229: 1, 230: 1, 231: 2, 460: 2, 2300: 10} {
		if got := ReadingMinutes(words); got != want {
			t.Errorf("ReadingMinutes(%d) = %d, want %d", words, got, want)
		}
	}
}
