package config

import "testing"

func TestLocate(t *testing.T) {
	doc := `# header comment
max_items = 5
sync.download_threads = 3   # dotted key at top level

[sync]
per_host_connections = 2
"bucket_initial" = 1

[enclosures]
blocked_types = [
  "a/b",
]
ui = { notify_command = "x" }

[ui]
notify_command = "y"
`
	loc := locate([]byte(doc))
	tests := []struct {
		key  string
		line int
	}{
		{"max_items", 2},
		{"sync.download_threads", 3},
		{"sync", 5},
		{"sync.per_host_connections", 6},
		{"sync.bucket_initial", 7},
		{"enclosures", 9},
		{"enclosures.blocked_types", 10},
		{"enclosures.ui", 13},
		{"enclosures.ui.notify_command", 13},
		{"ui.notify_command", 16},
		{"default_interval", 0},
		{"per_host_connections", 0},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			if got := loc.line(tt.key); got != tt.line {
				t.Errorf("line(%q) = %d, want %d", tt.key, got, tt.line)
			}
			if got := loc.has(tt.key); got != (tt.line > 0) {
				t.Errorf("has(%q) = %v", tt.key, got)
			}
		})
	}
}

func TestKeyAt(t *testing.T) {
	doc := "max_items = 5\nsync = { download_threads = 1, bucket_initial = 2 }\n"
	loc := locate([]byte(doc))
	tests := []struct {
		line, col int
		want      string
	}{
		{1, 1, "max_items"},
		{1, 13, "max_items"},
		{2, 1, "sync"},
		{2, 10, "sync.download_threads"},
		{2, 29, "sync.download_threads"},
		{2, 32, "sync.bucket_initial"},
		{2, 49, "sync.bucket_initial"},
		{2, 50, "sync"},
	}
	for _, tt := range tests {
		got, ok := loc.keyAt(tt.line, tt.col)
		if !ok || got != tt.want {
			t.Errorf("keyAt(%d, %d) = %q, %v; want %q", tt.line, tt.col, got, ok, tt.want)
		}
	}
	if got, ok := loc.keyAt(9, 1); ok {
		t.Errorf("keyAt past the end = %q", got)
	}
}

func TestFormatKey(t *testing.T) {
	tests := []struct {
		parts []string
		want  string
	}{
		{[]string{"sync", "download_threads"}, "sync.download_threads"},
		{[]string{"sync", "a b"}, `sync."a b"`},
		{[]string{"a.b"}, `"a.b"`},
		{[]string{""}, `""`},
	}
	for _, tt := range tests {
		if got := formatKey(tt.parts); got != tt.want {
			t.Errorf("formatKey(%q) = %q, want %q", tt.parts, got, tt.want)
		}
	}
}
