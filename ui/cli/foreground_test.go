package cli

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/fetch"
)

// TestForegroundAtATerminal: sync and add are the foreground (no token
// bucket) when standard input is a terminal, and background work, paced
// by the bucket, from cron or with input redirected.
func TestForegroundAtATerminal(t *testing.T) {
	ctx := context.Background()
	master, slave, err := openPTY(24, 80)
	if err != nil {
		t.Skip(err)
	}
	defer master.Close()
	defer slave.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	for _, tc := range []struct {
		name  string
		stdin io.Reader
		want  bool
	}{
		{"terminal", slave, true},
		{"pipe", r, false},
		{"/dev/null (cron)", devNull, false},
		{"reader", strings.NewReader(""), false},
		{"none", nil, false},
	} {
		a := &app{stdin: tc.stdin}
		if got := fetch.Foreground(a.foreground(ctx)); got != tc.want {
			t.Errorf("stdin %s: foreground %v, want %v", tc.name, got, tc.want)
		}
	}
}
