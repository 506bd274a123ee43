package cmdfeed

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		source, kind, command, url, err string
	}{
		{source: "exec:~/bin/feed --all", kind: KindExec, command: "~/bin/feed --all"},
		{source: "EXEC:feed", kind: KindExec, command: "feed"},
		{source: "exec:sh -c 'curl -s x | tr a b'", kind: KindExec, command: "sh -c 'curl -s x | tr a b'"},
		{source: "filter:./fix.sh -v:https://example.org/feed.xml", kind: KindFilter, command: "./fix.sh -v",
			url: "https://example.org/feed.xml"},
		{source: "exec:", err: "exec command is empty"},
		{source: "exec:a | b", err: "cannot split"},
		{source: "exec:feed > out", err: "redirects"},
		{source: "exec:feed\x1b[2J", err: "control characters"},
		{source: "exec:feed\nrm -rf ~", err: "control characters"},
		{source: "exec:" + strings.Repeat("a", MaxCommandBytes+1), err: "put it in a script"},
		{source: "filter:fix.sh", err: "want filter:COMMAND:URL"},
		{source: "filter:fix.sh:", err: "want filter:COMMAND:URL"},
		{source: "filter::https://example.org/", err: "filter command is empty"},
		{source: "filter:fix.sh:file:///etc/passwd", err: "filter source"},
		{source: "https://example.org/", err: "neither"},
	}
	for _, tt := range tests {
		t.Run(tt.source[:min(len(tt.source), 30)], func(t *testing.T) {
			s, err := Parse(tt.source)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("Parse(%q) = %+v, %v; want one line with %q", tt.source, s, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Kind != tt.kind || s.Command != tt.command || s.URL.String() != tt.url {
				t.Fatalf("Parse(%q) = %+v", tt.source, s)
			}
			if tt.kind == KindFilter && s.String() != tt.source {
				t.Errorf("String() = %q, want %q", s.String(), tt.source)
			}
		})
	}
}

func TestIsCommand(t *testing.T) {
	for src, want := range map[string]bool{"exec:x": true, "Filter:x:y": true, "https://x/": false, "query:a:b": false} {
		if got := IsCommand(src); got != want {
			t.Errorf("IsCommand(%q) = %v", src, got)
		}
	}
}
